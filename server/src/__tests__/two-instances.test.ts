import { DEFAULT_RATE_LIMITS } from '../config';
import { DEMO_ADMIN, DEMO_STAFF } from '../seed/seed';
import { startTwoInstances, type Instance, type TwoInstances } from '../testing/two-instances';

/**
 * Two instances (two server processes) on one database:
 * what one instance changes, the other enforces — sessions within the cache time, security
 * counters at once, data at once.
 */
const SESSION_TTL_MS = 1_000;
/** Request latency on a busy machine, on top of the cache time. */
const SLACK_MS = 1_500;

let two: TwoInstances;
let adminOnB: string;
let tenantId: string;
beforeAll(async () => {
  two = await startTwoInstances({ sessionCacheTtlMs: SESSION_TTL_MS });
  adminOnB = await login(two.b, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const tenants = (await two.b.request({ path: '/api/v1/crm/tenants', token: adminOnB })).body as Array<{ id: string; domain: string }>;
  tenantId = tenants[0].id;
}, 180_000);
afterAll(() => two?.close(), 30_000);

async function login(instance: Instance, email: string, password: string): Promise<string> {
  const answer = await instance.request({ method: 'POST', path: '/api/v1/auth/login', body: { email, password } });
  if (answer.status !== 200) throw new Error(`login of ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body as { access_token: string }).access_token;
}

async function newUser(email: string): Promise<string> {
  const created = await two.b.request({
    method: 'POST',
    path: '/api/v1/auth/users',
    token: adminOnB,
    body: { email, password: 'password-1234', tenant_id: tenantId, is_staff: true },
  });
  expect(created.status).toBe(201);
  return (created.body as { id: string }).id;
}

/** Milliseconds until `instance` refuses the token, polling; fails past the cache time and slack. */
async function refusedAfter(instance: Instance, token: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const me = await instance.request({ path: '/api/v1/auth/me', token });
    if (me.status === 401) return Date.now() - started;
    expect(me.status).toBe(200);
    if (Date.now() - started > SESSION_TTL_MS + SLACK_MS) throw new Error('the other instance still accepts the token');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('a logout on B is refused on A within the session cache time', async () => {
  const token = await login(two.a, DEMO_STAFF.email, DEMO_STAFF.password);
  // A has verified (and cached) the session.
  expect((await two.a.request({ path: '/api/v1/auth/me', token })).status).toBe(200);
  expect((await two.b.request({ method: 'POST', path: '/api/v1/auth/logout', token })).status).toBe(204);
  expect(await refusedAfter(two.a, token)).toBeLessThanOrEqual(SESSION_TTL_MS + SLACK_MS);
});

test('a user deactivated on B is refused on A within the session cache time', async () => {
  const id = await newUser('two-deactivated@example.com');
  const token = await login(two.a, 'two-deactivated@example.com', 'password-1234');
  expect((await two.a.request({ path: '/api/v1/auth/me', token })).status).toBe(200);
  expect((await two.b.request({ method: 'PUT', path: `/api/v1/auth/users/${id}`, token: adminOnB, body: { is_active: false } })).status).toBe(200);
  expect(await refusedAfter(two.a, token)).toBeLessThanOrEqual(SESSION_TTL_MS + SLACK_MS);
});

test('failed logins count across both: the fifth failure on A locks the account on B, even with the right password', async () => {
  await newUser('two-guessed@example.com');
  const attempt = (instance: Instance, password: string) =>
    instance.request({ method: 'POST', path: '/api/v1/auth/login', body: { email: 'two-guessed@example.com', password } });
  const failures = [];
  for (const instance of [two.a, two.b, two.a, two.b, two.a]) failures.push((await attempt(instance, 'wrong-password')).status);
  expect(failures).toEqual([401, 401, 401, 401, 401]);
  const locked = await attempt(two.b, 'password-1234');
  expect(locked.status).toBe(429);
  expect((locked.body as { detail: string }).detail).toMatch(/^Too many failed login attempts for this account/);
});

test('the per-address contact form limit counts across both instances', async () => {
  const send = (instance: Instance, i: number) =>
    instance.request({
      method: 'POST',
      path: '/api/v1/support/contact',
      body: { firstName: 'Ann', lastName: `Sender ${i}`, email: 'ann@example.com', message: 'Hello' },
    });
  const max = DEFAULT_RATE_LIMITS.contactPerIp.max;
  const statuses = [];
  for (let i = 0; i < max; i++) statuses.push((await send(i % 2 === 0 ? two.a : two.b, i)).status);
  expect(statuses).toEqual(Array(max).fill(200));
  expect((await send(two.a, max)).status).toBe(429);
  expect((await send(two.b, max + 1)).status).toBe(429);
});

test('a bulk upload through A shows on B at once', async () => {
  const staffOnA = await login(two.a, DEMO_STAFF.email, DEMO_STAFF.password);
  const staffOnB = await login(two.b, DEMO_STAFF.email, DEMO_STAFF.password);
  const rows = Array.from({ length: 25 }, (_, i) => ({ Name: `Shared ${i}`, Phone1: `+1 444 ${String(i).padStart(7, '0')}` }));
  const upload = await two.a.request({ method: 'POST', path: '/api/v1/crm/prospects/bulk', token: staffOnA, body: { tenant_id: tenantId, prospects: rows } });
  expect((upload.body as { total_created: number }).total_created).toBe(25);
  const list = await two.b.request({ path: `/api/v1/crm/prospects?tenant_id=${tenantId}&q=Shared&limit=100`, token: staffOnB });
  expect((list.body as { pagination: { total: number } }).pagination.total).toBe(25);
});
