import { createTestApp, type TestApp } from '../../../testing/test-app';

/** The app trusts a verified session for a few seconds; changes made through it apply at once. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAdmin();
});
afterAll(() => t.close());

async function newUser(email: string) {
  const created = await t.request({
    method: 'POST',
    url: '/api/v1/auth/users',
    token: admin,
    body: { email, password: 'password-123', tenant_id: t.seed!.tenantId, is_staff: true },
  });
  const token = await t.login(email, 'password-123');
  // Used once, so the session is in the cache.
  expect((await t.request({ url: '/api/v1/auth/me', token })).statusCode).toBe(200);
  return { id: created.json().id as string, token };
}

test('deactivating a user through the API ends their cached session at once', async () => {
  const user = await newUser('cached-1@example.com');
  expect((await t.request({ method: 'PUT', url: `/api/v1/auth/users/${user.id}`, token: admin, body: { is_active: false } })).statusCode).toBe(200);
  expect((await t.request({ url: '/api/v1/auth/me', token: user.token })).statusCode).toBe(401);
});

test('a change of groups shows on the next request', async () => {
  const user = await newUser('cached-2@example.com');
  expect((await t.request({ url: '/api/v1/auth/users', token: user.token })).statusCode).toBe(403);
  expect((await t.request({ method: 'PUT', url: `/api/v1/auth/users/${user.id}`, token: admin, body: { is_admin: true } })).statusCode).toBe(200);
  expect((await t.request({ url: '/api/v1/auth/users', token: user.token })).statusCode).toBe(200);
});

test('deleting a user ends their cached session at once', async () => {
  const user = await newUser('cached-3@example.com');
  expect((await t.request({ method: 'DELETE', url: `/api/v1/auth/users/${user.id}`, token: admin })).statusCode).toBe(204);
  expect((await t.request({ url: '/api/v1/auth/me', token: user.token })).statusCode).toBe(401);
});

test('logout ends a cached session at once', async () => {
  const user = await newUser('cached-4@example.com');
  expect((await t.request({ method: 'POST', url: '/api/v1/auth/logout', token: user.token })).statusCode).toBe(204);
  expect((await t.request({ url: '/api/v1/auth/me', token: user.token })).statusCode).toBe(401);
});
