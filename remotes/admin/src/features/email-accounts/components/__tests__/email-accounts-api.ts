import type { EmailAccount } from '@app/shared/forms';
import { mockFetch, NOW, uid, type MockRequest, type MockResponse } from '../../../../test/fetch-mock';

export function account(n: number, overrides: Partial<EmailAccount> = {}): EmailAccount {
  return {
    id: uid(700 + n),
    email_address: `box${n}@orbitra.test`,
    provider: 'gmail',
    is_active: true,
    created_at: NOW,
    last_revealed_at: null,
    imap_host: 'imap.gmail.com',
    imap_port: 993,
    imap_security: 'tls',
    smtp_host: 'smtp.gmail.com',
    smtp_port: 465,
    smtp_security: 'tls',
    save_sent: false,
    login_name: null,
    connection: 'connected',
    connected_at: NOW,
    auth_failed_at: null,
    fetched_at: null,
    fetch_error: null,
    ...overrides,
  };
}

const URLS: Record<string, string> = {
  zoho: 'https://mail.zoho.com',
  gmail: 'https://mail.google.com',
  outlook: 'https://outlook.live.com/mail',
  yahoo: 'https://mail.yahoo.com',
};

/** The email API with a list that adding, editing and deleting really change, as on the server. */
export function emailApi(initial: EmailAccount[], passwords: Record<string, string> = {}, extra?: (request: MockRequest) => MockResponse | undefined) {
  let list = [...initial];
  let next = 50;
  return mockFetch((request) => {
    const custom = extra?.(request);
    if (custom) return custom;
    const { method, path, body } = request;
    const input = body as { email_address: string; provider: string; password?: string } | undefined;
    if (path === '/email/accounts' && method === 'GET') return { body: list };
    if (path === '/email/accounts' && method === 'POST') {
      const created = account(next++, { email_address: input!.email_address.trim().toLowerCase(), provider: input!.provider });
      list = [...list, created];
      passwords[created.id] = input!.password!;
      return { status: 201, body: created };
    }
    const password = path.match(/^\/email\/accounts\/([^/]+)\/password$/);
    if (password && method === 'GET')
      return passwords[password[1]] === undefined
        ? { status: 404, body: { detail: 'Email account not found.' } }
        : { body: { password: passwords[password[1]] } };
    const url = path.match(/^\/email\/web-interface-url\/([^/]+)$/);
    if (url) {
      const found = list.find((item) => item.id === url[1]);
      const address = found && URLS[found.provider];
      return address ? { body: { url: address } } : { status: 400, body: { detail: 'provider: no web interface is known for this provider' } };
    }
    const one = path.match(/^\/email\/accounts\/([^/]+)$/);
    if (one && method === 'PUT') {
      list = list.map((item) => (item.id === one[1] ? { ...item, email_address: input!.email_address.trim().toLowerCase(), provider: input!.provider } : item));
      if (input!.password) passwords[one[1]] = input!.password;
      return { body: list.find((item) => item.id === one[1]) };
    }
    if (one && method === 'DELETE') {
      list = list.filter((item) => item.id !== one[1]);
      return { status: 204 };
    }
    return undefined;
  });
}
