import { and, eq, sql } from 'drizzle-orm';
import { auditEvents } from '../../../db/schema';
import { DEMO_ADMIN, DEMO_STAFF } from '../../../seed/seed';
import { DEFAULT_RATE_LIMITS } from '../../../config';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { clientGroup } from '../login-limiter';

let t: TestApp;
beforeAll(async () => {
  // The production limits, not the test helper's generous per-address ones.
  t = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress: string) =>
  t.request({ method: 'POST', url: '/api/v1/auth/login', body: { email, password }, remoteAddress });

/** Wrong passwords the server checked for the account: each check leaves one failed sign-in. */
async function passwordChecks(email: string): Promise<number> {
  const rows = await t.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, 'auth.sign_in_failed'),
        sql`${auditEvents.details}->>'email' = ${email}`,
        sql`${auditEvents.details}->>'reason' = 'wrong password'`,
      ),
    );
  return rows.length;
}

async function newStaff(email: string): Promise<void> {
  const admin = await t.request({ method: 'POST', url: '/api/v1/auth/login', body: DEMO_ADMIN, remoteAddress: '10.9.9.9' });
  const created = await t.request({
    method: 'POST',
    url: '/api/v1/auth/users',
    token: admin.json().access_token,
    body: { email, password: 'owner-password-1', tenant_id: t.seed!.tenantId, is_staff: true },
  });
  expect(created.statusCode).toBe(201);
}

test('a burst of 12 parallel wrong passwords gets at most 5 past the password check; the owner still signs in from elsewhere', async () => {
  await newStaff('burst-target@example.com');
  const burst = await Promise.all(Array.from({ length: 12 }, () => login('burst-target@example.com', 'wrong-password', '10.0.3.1')));
  const statuses = burst.map((answer) => answer.statusCode);
  expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
  expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
  expect(await passwordChecks('burst-target@example.com')).toBeLessThanOrEqual(5);

  // The attacker's address stays locked, even with the right password.
  expect((await login('burst-target@example.com', 'owner-password-1', '10.0.3.1')).statusCode).toBe(429);
  // The owner, from another address, is not.
  expect((await login('burst-target@example.com', 'owner-password-1', '10.0.3.2')).statusCode).toBe(200);
});

test('5 failed logins lock that address out of the account for 15 minutes; other addresses and accounts go on', async () => {
  for (let i = 0; i < 5; i++) {
    expect((await login(DEMO_STAFF.email, 'wrong-password', '10.0.1.1')).statusCode).toBe(401);
  }
  const locked = await login(DEMO_STAFF.email, DEMO_STAFF.password, '10.0.1.1');
  expect(locked.statusCode).toBe(429);
  expect(locked.json().detail).toMatch(/^Too many failed login attempts for this account from your address\. Please try again in 1[45] minutes\.$/);

  expect((await login(DEMO_STAFF.email, DEMO_STAFF.password, '10.0.1.99')).statusCode).toBe(200);
  expect((await login(DEMO_ADMIN.email, DEMO_ADMIN.password, '10.0.1.1')).statusCode).toBe(200);
});

test('an IPv6 attacker cannot rotate through the addresses of one /64 network', async () => {
  await newStaff('v6-target@example.com');
  for (let i = 1; i <= 5; i++) expect((await login('v6-target@example.com', 'wrong-password', `2001:db8:1:2::${i}`)).statusCode).toBe(401);
  expect((await login('v6-target@example.com', 'wrong-password', '2001:db8:1:2:ffff::7')).statusCode).toBe(429);
  expect((await login('v6-target@example.com', 'owner-password-1', '2001:db8:1:3::1')).statusCode).toBe(200);
});

test('client addresses are grouped: IPv4 as is, IPv6 by its /64', () => {
  expect(clientGroup('10.0.0.1')).toBe('10.0.0.1');
  expect(clientGroup('::ffff:10.0.0.1')).toBe('10.0.0.1');
  expect(clientGroup('2001:DB8:0001:2::5')).toBe('2001:db8:1:2::/64');
  expect(clientGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
  expect(clientGroup('::1')).toBe('0:0:0:0::/64');
  expect(clientGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  expect(clientGroup(null)).toBe('unknown');
});

test('more than 20 login attempts a minute from one address answer 429', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++) statuses.push((await login(`user${i}@example.com`, 'wrong-password', '10.0.2.1')).statusCode);
  expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
  const blocked = await login(DEMO_ADMIN.email, DEMO_ADMIN.password, '10.0.2.1');
  expect(blocked.statusCode).toBe(429);
  expect(blocked.json()).toEqual({ detail: 'Too many login attempts from this address. Please try again in a minute.' });
  expect(blocked.headers['retry-after']).toBeDefined();

  // Another address still gets in.
  expect((await login(DEMO_ADMIN.email, DEMO_ADMIN.password, '10.0.2.2')).statusCode).toBe(200);
});

test('a password reset lifts the locks of every address on the account', async () => {
  await newStaff('reset-lifts@example.com');
  for (const address of ['10.0.4.1', '10.0.4.2']) for (let i = 0; i < 5; i++) await login('reset-lifts@example.com', 'wrong-password', address);
  expect((await login('reset-lifts@example.com', 'owner-password-1', '10.0.4.1')).statusCode).toBe(429);

  await t.request({ method: 'POST', url: '/api/v1/auth/password-reset', body: { email: 'reset-lifts@example.com' }, remoteAddress: '10.0.4.3' });
  await t.deliverMail();
  const token = new URL(t.mailbox.find((mail) => mail.to === 'reset-lifts@example.com')!.link).searchParams.get('token');
  const confirmed = await t.request({
    method: 'POST',
    url: '/api/v1/auth/password-reset/confirm',
    body: { token, password: 'after-reset-password' },
    remoteAddress: '10.0.4.3',
  });
  expect(confirmed.statusCode).toBe(200);
  for (const address of ['10.0.4.1', '10.0.4.2']) expect((await login('reset-lifts@example.com', 'after-reset-password', address)).statusCode).toBe(200);
});
