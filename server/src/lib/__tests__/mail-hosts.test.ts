import { checkMailbox } from '../../mail/mailbox-connection';
import { parseMailHostsAllowed, resolveMailHost, type Lookup } from '../mail-hosts';
import { startSmtpSink } from '../../testing/smtp-sink';

const PUBLIC_DEFAULT = parseMailHostsAllowed(undefined);

test('by default only public addresses are reached: loopback, private, link-local and mapped addresses are refused by name or by address', async () => {
  const lookup =
    (answers: Record<string, string[]>): Lookup =>
    async (host) =>
      answers[host] ?? [];
  for (const address of [
    '127.0.0.1',
    '10.1.2.3',
    '192.168.0.10',
    '172.20.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '::1',
    '::ffff:127.0.0.1',
    'fd00::1',
    '0.0.0.0',
  ]) {
    await expect(resolveMailHost(PUBLIC_DEFAULT, 'mail.example.com', lookup({ 'mail.example.com': [address] }))).rejects.toMatchObject({
      reason: 'not_allowed',
    });
    await expect(resolveMailHost(PUBLIC_DEFAULT, address)).rejects.toMatchObject({ reason: 'not_allowed' });
  }
  await expect(resolveMailHost(PUBLIC_DEFAULT, 'nowhere.example.com', lookup({}))).rejects.toMatchObject({
    reason: 'not_found',
    message: 'The server name nowhere.example.com was not found. Check its spelling.',
  });
  // A public address is taken, and it is the address the connection goes to, not the name again.
  expect(await resolveMailHost(PUBLIC_DEFAULT, 'Mail.Example.com', lookup({ 'mail.example.com': ['10.0.0.9', '93.184.216.34'] }))).toEqual({
    name: 'mail.example.com',
    address: '93.184.216.34',
  });
});

test('MAIL_HOSTS_ALLOWED adds names, addresses, ranges, loopback and private; anything else stops the start', async () => {
  const rule = parseMailHostsAllowed('mail.internal, 10.0.0.0/8, loopback');
  const lookup: Lookup = async (host) => (host === 'mail.internal' ? ['192.168.9.9'] : ['172.16.0.1']);
  expect((await resolveMailHost(rule, 'mail.internal', lookup)).address).toBe('192.168.9.9');
  expect((await resolveMailHost(rule, '10.9.9.9')).address).toBe('10.9.9.9');
  expect((await resolveMailHost(rule, '127.0.0.1')).address).toBe('127.0.0.1');
  await expect(resolveMailHost(rule, 'other.internal', lookup)).rejects.toMatchObject({ reason: 'not_allowed' });
  expect(() => parseMailHostsAllowed('10.0.0.0/99')).toThrow(/not an address range/);
  expect(() => parseMailHostsAllowed('mail_host!')).toThrow(/is not a host name/);
});

test('a check against the server’s own network is refused in words, without connecting; one without encryption only to an allowed server', async () => {
  const sink = await startSmtpSink();
  try {
    const login = {
      address: 'rep@example.com',
      loginName: null,
      password: 'x',
      imap: { host: '127.0.0.1', port: sink.port, security: 'tls' as const },
      smtp: { host: '127.0.0.1', port: sink.port, security: 'none' as const },
    };
    const refused = await checkMailbox({ rule: PUBLIC_DEFAULT }, login);
    expect(refused.imap.message).toMatch(
      /^127\.0\.0\.1 is an address of a private network \(127\.0\.0\.1\), which this server does not connect to\. An administrator can allow it with MAIL_HOSTS_ALLOWED\./,
    );
    expect(sink.received).toHaveLength(0);
    // Loopback allowed: TLS to a server that speaks plain SMTP is refused as TLS.
    const tls = await checkMailbox({ rule: parseMailHostsAllowed('loopback'), timeoutMs: 5000 }, login);
    expect(tls.imap).toEqual({ ok: false, message: expect.stringMatching(/^TLS was refused by 127\.0\.0\.1:\d+\./) });
  } finally {
    await sink.stop();
  }
});
