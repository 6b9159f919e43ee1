import net from 'node:net';
import { connectionCheckSchema } from '@app/shared/contracts';
import { expectStatus } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { CHECK_LIMIT_DETAIL } from '../routes';
import { ACCOUNTS, newUser } from './email-accounts-fixture';

let t: TestApp;
let admin: string;
let closedPort: number;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { mailboxCheckPerUser: { max: 2, windowMs: 60_000 } } });
  admin = await t.loginAdmin();
  // A port nothing listens on: each check is answered at once, with the connection refused.
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closedPort = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterAll(() => t.close());

const check = (token: string) =>
  t.request({
    method: 'POST',
    url: `${ACCOUNTS}/check`,
    token,
    body: {
      email_address: 'limit@example.com',
      provider: 'other',
      password: 'pw',
      imap_host: '127.0.0.1',
      imap_port: closedPort,
      imap_security: 'none',
      smtp_host: '127.0.0.1',
      smtp_port: closedPort,
      smtp_security: 'none',
    },
  });

test('connection checks beyond the per-user limit answer 429 with a detail; another user is not held up', async () => {
  const [one, other] = [await newUser(t, admin, 'checker1'), await newUser(t, admin, 'checker2')];
  for (let i = 0; i < 2; i += 1) expect(connectionCheckSchema.parse(expectStatus(await check(one), 200)).ok).toBe(false);
  const blocked = await check(one);
  expect(blocked.statusCode).toBe(429);
  expect(blocked.json()).toEqual({ detail: CHECK_LIMIT_DETAIL });
  expectStatus(await check(other), 200);
});
