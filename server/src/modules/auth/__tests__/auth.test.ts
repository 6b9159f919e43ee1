import { eq } from 'drizzle-orm';
import { loginResponseSchema, sessionUserSchema } from '@app/shared/contracts';
import { users } from '../../../db/schema';
import { DEMO_ADMIN, DEMO_STAFF } from '../../../seed/seed';
import { createTestApp, TEST_SECRET, type TestApp } from '../../../testing/test-app';
import { signAccessToken } from '../tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string) => t.request({ method: 'POST', url: '/api/v1/auth/login', body: { email, password } });

describe('POST /auth/login', () => {
  test('answers a token and the session user for valid credentials', async () => {
    const response = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(response.statusCode).toBe(200);
    const body = loginResponseSchema.parse(response.json());
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.user).toMatchObject({ email: DEMO_ADMIN.email, full_name: 'Demo Admin', is_admin: true, is_staff: true, visibility: 'all', team_id: null });
    expect(body.user.groups.sort()).toEqual(['admin', 'staff']);
    expect(Object.keys(body.user).sort()).toEqual(['_id', 'created_at', 'email', 'full_name', 'groups', 'is_admin', 'is_staff', 'team_id', 'visibility']);
  });

  test('matches the email case-insensitively and trimmed', async () => {
    const response = await login('  Staff@Example.COM ', DEMO_STAFF.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: DEMO_STAFF.email, is_admin: false, is_staff: true, groups: ['staff'] });
  });

  test.each([
    ['a wrong password', DEMO_ADMIN.email, 'wrong-password'],
    ['an unknown email', 'nobody@example.com', 'whatever-password'],
  ])('answers 401 with the generic detail for %s', async (_case, email, password) => {
    const response = await login(email, password);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Invalid email or password.' });
  });

  test('answers 401 for an inactive user even with the right password', async () => {
    await t.db.update(users).set({ isActive: false }).where(eq(users.email, DEMO_STAFF.email));
    try {
      const response = await login(DEMO_STAFF.email, DEMO_STAFF.password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Invalid email or password.' });
    } finally {
      await t.db.update(users).set({ isActive: true }).where(eq(users.email, DEMO_STAFF.email));
    }
  });

  test('answers 400 naming the field when the email is missing', async () => {
    const response = await t.request({ method: 'POST', url: '/api/v1/auth/login', body: { password: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Email is required.' });
  });

  test('stores passwords as argon2id hashes, never in clear', async () => {
    const [row] = await t.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row.passwordHash).not.toContain(DEMO_ADMIN.password);
  });
});

describe('GET /auth/me and POST /auth/logout', () => {
  test('me answers the signed-in user', async () => {
    const token = await t.loginStaff();
    const response = await t.request({ url: '/api/v1/auth/me', token });
    expect(response.statusCode).toBe(200);
    const me = sessionUserSchema.parse(response.json());
    expect(me).toMatchObject({ email: DEMO_STAFF.email, is_admin: false, is_staff: true });
  });

  test('me answers 401 without a token, with a malformed one, and with a forged one', async () => {
    const missing = await t.request({ url: '/api/v1/auth/me' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ detail: 'Authentication credentials were not provided.' });

    const garbage = await t.request({ url: '/api/v1/auth/me', token: 'not-a-token' });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toEqual({ detail: 'Invalid or expired token.' });

    const token = await t.loginStaff();
    const [header, payload] = token.split('.');
    const tampered = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await t.request({ url: '/api/v1/auth/me', token: tampered })).statusCode).toBe(401);

    const otherKey = await signAccessToken(JSON.parse(Buffer.from(payload, 'base64url').toString()), 'another-secret');
    expect((await t.request({ url: '/api/v1/auth/me', token: otherKey })).statusCode).toBe(401);
  });

  test('an expired token is refused even though its session row exists', async () => {
    const token = await t.loginStaff();
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const expired = await signAccessToken({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 }, TEST_SECRET);
    expect((await t.request({ url: '/api/v1/auth/me', token: expired })).statusCode).toBe(401);
  });

  test('logout revokes the token; other sessions stay valid', async () => {
    const first = await t.loginStaff();
    const second = await t.loginStaff();
    const out = await t.request({ method: 'POST', url: '/api/v1/auth/logout', token: first });
    expect(out.statusCode).toBe(204);
    expect((await t.request({ url: '/api/v1/auth/me', token: first })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/v1/auth/me', token: second })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/logout', token: first })).statusCode).toBe(401);
  });

  test('deactivating a user ends their sessions at once', async () => {
    const token = await t.loginStaff();
    await t.db.update(users).set({ isActive: false }).where(eq(users.email, DEMO_STAFF.email));
    try {
      expect((await t.request({ url: '/api/v1/auth/me', token })).statusCode).toBe(401);
    } finally {
      await t.db.update(users).set({ isActive: true }).where(eq(users.email, DEMO_STAFF.email));
    }
  });
});

describe('logging', () => {
  test('log lines never contain passwords, tokens, cookies or authorization headers', async () => {
    const token = await t.loginAdmin();
    await t.request({ url: '/api/v1/auth/me', token, headers: { cookie: 'session=cookie-secret-value' } });
    await t.request({ url: '/reset-password?token=secret-reset-token-in-url', headers: { accept: 'text/html' } });
    const all = t.rawLogs.join('\n');
    expect(all).toContain('/api/v1/auth/login');
    expect(all).toContain('token=[redacted]');
    for (const secret of [
      DEMO_ADMIN.password,
      DEMO_STAFF.password,
      token,
      token.split('.')[2],
      'cookie-secret-value',
      'secret-reset-token-in-url',
      TEST_SECRET,
    ]) {
      expect(all).not.toContain(secret);
    }
  });
});
