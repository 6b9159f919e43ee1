import http from 'node:http';
import { sendQuotationResponseSchema } from '@app/shared/contracts';
import { ConfigError, loadConfig } from '../../../config';
import { DEMO_STAFF } from '../../../seed/seed';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, TEST_CSRF, type TestApp } from '../../../testing/test-app';
import { createQuotation } from '../../../testing/quotation-helpers';

/** Sends a fresh quotation through the given headers and answers the link staff are shown. */
async function linkFrom(t: TestApp, f: CrmFixture, headers: Record<string, string>, remoteAddress?: string): Promise<string> {
  const q = await createQuotation(t, f.staff, f.demoTenantId, { valid_until: '2099-01-01' });
  const response = await t.request({ method: 'POST', url: `/api/v1/quotations/${q.id}/send`, token: f.staff, headers, remoteAddress });
  return sendQuotationResponseSchema.parse(expectStatus(response, 200)).share_url;
}

describe('with PUBLIC_URL', () => {
  let t: TestApp;
  let f: CrmFixture;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://quotes.example.com/' } });
    f = await createCrmFixture(t);
  });
  afterAll(() => t.close());

  test('links are built on it, whatever address staff use', async () => {
    expect(await linkFrom(t, f, { host: 'internal-host:8080' })).toMatch(/^https:\/\/quotes\.example\.com\/q\/[\w-]+$/);
  });
});

describe('without PUBLIC_URL, no proxy trusted', () => {
  let t: TestApp;
  let f: CrmFixture;
  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOWED_HOSTS: 'crm.acme.test, Intranet.Acme.Test' } });
    f = await createCrmFixture(t);
  });
  afterAll(() => t.close());

  test("links use the allowed host staff reached the server at, on the server's own port", async () => {
    const link = await linkFrom(t, f, { host: 'crm.acme.test:8080' });
    expect(link).toMatch(/^http:\/\/crm\.acme\.test:8080\/q\/[\w-]+$/);
    expect(await linkFrom(t, f, { host: 'intranet.acme.test' })).toMatch(/^http:\/\/intranet\.acme\.test:8080\/q\//);
    // The same link on reading the quotation back and in the list.
    const listed = (
      await t.request({ url: `/api/v1/quotations?tenant_id=${f.demoTenantId}&status=sent`, token: f.staff, headers: { host: 'intranet.acme.test' } })
    ).json().quotations[0].share_url;
    expect(listed).toMatch(/^http:\/\/intranet\.acme\.test:8080\/q\//);
  });

  test('a port the Host header names is not written into a link: the link goes to the port the server listens on', async () => {
    await t.deliverMail();
    t.quotationMails.length = 0;
    t.mailbox.length = 0;
    const link = await linkFrom(t, f, { host: 'crm.acme.test:6666' });
    expect(link).toMatch(/^http:\/\/crm\.acme\.test:8080\/q\/[\w-]+$/);
    const reset = await t.request({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      body: { email: DEMO_STAFF.email },
      headers: { host: 'crm.acme.test:6666' },
    });
    expect(reset.statusCode).toBe(200);
    await t.deliverMail();
    expect(t.quotationMails.map((mail) => mail.link)).toEqual([link]);
    expect(t.mailbox.map((mail) => mail.link)).toEqual([expect.stringMatching(/^http:\/\/crm\.acme\.test:8080\/reset-password\?token=/)]);
    expect(JSON.stringify(t.mails)).not.toContain('6666');
  });

  test('over a real connection, the port is the one the server listens on', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    await t.deliverMail();
    t.mailbox.length = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ email: DEMO_STAFF.email });
      const request = http.request(
        {
          host: '127.0.0.1',
          port: address.port,
          method: 'POST',
          path: '/api/v1/auth/password-reset',
          headers: { host: 'crm.acme.test:6666', 'content-type': 'application/json', cookie: `csrftoken=${TEST_CSRF}`, 'x-csrftoken': TEST_CSRF },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
    expect(status).toBe(200);
    await t.deliverMail();
    expect(t.mailbox.map((mail) => mail.link)).toEqual([
      expect.stringMatching(new RegExp(`^http://crm\\.acme\\.test:${address.port}/reset-password\\?token=`)),
    ]);
  });

  test('a forged Host gets a link on the first allowed host, and the client is mailed that one', async () => {
    await t.deliverMail();
    t.quotationMails.length = 0;
    const link = await linkFrom(t, f, { host: 'evil.example.com' });
    expect(link).toMatch(/^http:\/\/crm\.acme\.test:\d+\/q\/[\w-]+$/);
    await t.deliverMail();
    expect(t.quotationMails.map((mail) => mail.link)).toEqual([link]);
    expect(JSON.stringify(t.mails)).not.toContain('evil.example.com');
  });

  test('a forwarded host is ignored unless the proxy is trusted', async () => {
    const link = await linkFrom(t, f, { host: 'crm.acme.test', 'x-forwarded-host': 'evil.example.com', 'x-forwarded-proto': 'https' });
    expect(link).toMatch(/^http:\/\/crm\.acme\.test:8080\/q\//);
  });

  test('a malformed Host is not written into a link', async () => {
    const link = await linkFrom(t, f, { host: 'crm.acme.test.evil.example.com/<script>' });
    expect(link).toMatch(/^http:\/\/crm\.acme\.test:\d+\/q\/[\w-]+$/);
  });

  test('a password reset asked for through a forged Host mails a link on the allowed host', async () => {
    await t.deliverMail();
    t.mailbox.length = 0;
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      body: { email: DEMO_STAFF.email },
      headers: { host: 'evil.example.com' },
    });
    expect(response.statusCode).toBe(200);
    await t.deliverMail();
    expect(t.mailbox).toHaveLength(1);
    expect(t.mailbox[0].link).toMatch(/^http:\/\/crm\.acme\.test:\d+\/reset-password\?token=/);
  });
});

describe('without PUBLIC_URL or ALLOWED_HOSTS', () => {
  let t: TestApp;
  let f: CrmFixture;
  beforeAll(async () => {
    t = await createTestApp({ env: { HOST: '127.0.0.1', PORT: '8441' } });
    f = await createCrmFixture(t);
  });
  afterAll(() => t.close());

  test('links follow the addresses the server listens on, localhost included, on its own port', async () => {
    expect(await linkFrom(t, f, { host: '127.0.0.1:8441' })).toMatch(/^http:\/\/127\.0\.0\.1:8441\/q\//);
    expect(await linkFrom(t, f, { host: 'LOCALHOST:3000' })).toMatch(/^http:\/\/LOCALHOST:8441\/q\//);
  });

  test('POST /quotations/{id}/send with Host: evil.example.com answers a link on the listening address', async () => {
    const link = await linkFrom(t, f, { host: 'evil.example.com' });
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:8441\/q\/[\w-]+$/);
  });
});

describe('without PUBLIC_URL, behind a trusted proxy', () => {
  let t: TestApp;
  let f: CrmFixture;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8', ALLOWED_HOSTS: 'crm.acme.com' } });
    f = await createCrmFixture(t);
  });
  afterAll(() => t.close());

  test('links use an allowed X-Forwarded-Host, its port included, and X-Forwarded-Proto', async () => {
    const link = await linkFrom(t, f, { host: '10.0.0.5:8080', 'x-forwarded-host': 'crm.acme.com', 'x-forwarded-proto': 'https' }, '10.0.0.2');
    expect(link).toMatch(/^https:\/\/crm\.acme\.com\/q\/[\w-]+$/);
    const withPort = await linkFrom(t, f, { host: '10.0.0.5:8080', 'x-forwarded-host': 'crm.acme.com:8443', 'x-forwarded-proto': 'https' }, '10.0.0.2');
    expect(withPort).toMatch(/^https:\/\/crm\.acme\.com:8443\/q\/[\w-]+$/);
    // The proxy passing the public Host on as it is: the address the proxy was reached at.
    expect(await linkFrom(t, f, { host: 'crm.acme.com', 'x-forwarded-proto': 'https' }, '10.0.0.2')).toMatch(/^https:\/\/crm\.acme\.com\/q\//);
  });

  test("a client reaching the server past the proxy gets the server's own port, whatever port its Host names", async () => {
    const link = await linkFrom(t, f, { host: 'crm.acme.com:6666', 'x-forwarded-host': 'crm.acme.com:6667' }, '198.51.100.7');
    expect(link).toMatch(/^http:\/\/crm\.acme\.com:8080\/q\/[\w-]+$/);
  });

  test('a link is http or https, whatever scheme X-Forwarded-Proto names', async () => {
    for (const proto of ['javascript', 'data', 'ftp']) {
      const link = await linkFrom(t, f, { host: '10.0.0.5:8080', 'x-forwarded-host': 'crm.acme.com', 'x-forwarded-proto': proto }, '10.0.0.2');
      expect(link).toMatch(/^http:\/\/crm\.acme\.com\/q\/[\w-]+$/);
    }
  });

  test('a forged X-Forwarded-Host gets the first allowed host', async () => {
    const link = await linkFrom(t, f, { host: '10.0.0.5:8080', 'x-forwarded-host': 'evil.example.com', 'x-forwarded-proto': 'https' }, '10.0.0.2');
    expect(link).toMatch(/^http:\/\/crm\.acme\.com:\d+\/q\/[\w-]+$/);
  });
});

test('production refuses to start without PUBLIC_URL, naming it', () => {
  const env = { NODE_ENV: 'production', ADMIN_EMAIL: 'boss@example.com' };
  expect(() => loadConfig(env, '/srv/app')).toThrow(ConfigError);
  expect(() => loadConfig(env, '/srv/app')).toThrow(/PUBLIC_URL is required when NODE_ENV=production/);
  expect(loadConfig({ ...env, PUBLIC_URL: 'https://crm.example.com' }, '/srv/app').publicOrigin).toBe('https://crm.example.com');
});

test('ALLOWED_HOSTS: host names only; a scheme, a path or a port refuses to start, naming it', () => {
  expect(loadConfig({ ALLOWED_HOSTS: 'CRM.example.com., 10.0.0.7, ::1' }).allowedHosts).toEqual(['crm.example.com', '10.0.0.7', '[::1]']);
  for (const bad of ['https://crm.example.com', 'crm.example.com/app', 'crm.example.com:8080', 'crm example.com', ',']) {
    expect(() => loadConfig({ ALLOWED_HOSTS: bad })).toThrow(/^ALLOWED_HOSTS: /);
  }
  const listening = loadConfig({ HOST: '0.0.0.0' }).allowedHosts;
  expect(listening.slice(0, 3)).toEqual(['localhost', '127.0.0.1', '[::1]']);
  expect(loadConfig({ HOST: '192.168.1.5', PORT: '9000' })).toMatchObject({
    allowedHosts: ['192.168.1.5', 'localhost', '127.0.0.1', '[::1]'],
    publicUrl: 'http://192.168.1.5:9000',
  });
});
