import { DEMO_ADMIN, DEMO_STAFF } from '../../../db/seed';
import { DEFAULT_RATE_LIMITS } from '../../../http/rate-limits';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  // The production limits, not the test helper's generous per-address ones.
  t = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress: string) =>
  t.request({ method: 'POST', url: '/api/v1/auth/login', body: { email, password }, remoteAddress });

test('5 failed logins lock the account for 15 minutes, even from other addresses and with the right password', async () => {
  for (let i = 0; i < 5; i++) {
    expect((await login(DEMO_STAFF.email, 'wrong-password', `10.0.1.${i}`)).statusCode).toBe(401);
  }
  const locked = await login(DEMO_STAFF.email, DEMO_STAFF.password, '10.0.1.99');
  expect(locked.statusCode).toBe(429);
  expect(locked.json().detail).toMatch(/^Too many failed login attempts for this account\. Please try again in 1[45] minutes\.$/);

  // Other accounts are not affected.
  expect((await login(DEMO_ADMIN.email, DEMO_ADMIN.password, '10.0.1.99')).statusCode).toBe(200);
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
