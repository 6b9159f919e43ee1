import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { PASSWORD_CHANGED_MESSAGE } from '@app/shared/contracts';
import { auditEvents } from '../../../db/schema';
import { DEMO_ADMIN } from '../../../seed/seed';
import { DEFAULT_RATE_LIMITS } from '../../../config';
import { MEGABYTE } from '../../../testing/fuzz/corpus';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  // The production failed-login limit: wrong current passwords count against it.
  t = await createTestApp({ rateLimits: { loginFailuresPerAccount: DEFAULT_RATE_LIMITS.loginFailuresPerAccount } });
  admin = await t.loginAdmin();
});
afterAll(() => t.close());

let serial = 0;
/** A fresh account, so each test's sessions and password are its own. */
async function newUser(password = 'first-password-1'): Promise<{ email: string; id: string; password: string }> {
  serial += 1;
  const email = `everywhere-${serial}@example.com`;
  const created = await t.request({
    method: 'POST',
    url: '/api/v1/auth/users',
    token: admin,
    body: { email, password, tenant_id: t.seed!.tenantId, is_staff: true },
  });
  expect(created.statusCode).toBe(201);
  return { email, id: created.json().id, password };
}

async function signIn(email: string, password: string, remoteAddress?: string) {
  const response = await t.request({ method: 'POST', url: '/api/v1/auth/login', body: { email, password }, remoteAddress });
  expect(response.statusCode).toBe(200);
  return { token: response.json().access_token as string, cookie: response.cookies.find((c) => c.name === 'refresh_token')!.value };
}

const me = (token: string) => t.request({ url: '/api/v1/auth/me', token });
const refresh = (cookie: string) => t.request({ method: 'POST', url: '/api/v1/auth/refresh', cookies: { refresh_token: cookie } });
const changePassword = (token: string, body: unknown, remoteAddress?: string) =>
  t.request({ method: 'POST', url: '/api/v1/auth/change-password', token, body, remoteAddress });
const auditOf = (action: string, userId: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, userId)));

function cleared(response: LightMyRequestResponse) {
  return response.cookies.find((c) => c.name === 'refresh_token' && c.value === '');
}

describe('sign out everywhere', () => {
  test('ends every session of the user: access tokens and refresh cookies of the other browsers stop working', async () => {
    const user = await newUser();
    const laptop = await signIn(user.email, user.password);
    const phone = await signIn(user.email, user.password);
    const other = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect((await me(phone.token)).statusCode).toBe(200);

    const answer = await t.request({ method: 'POST', url: '/api/v1/auth/logout-all', token: laptop.token, cookies: { refresh_token: laptop.cookie } });
    expect(answer.statusCode).toBe(204);
    expect(cleared(answer)).toBeDefined();

    for (const session of [laptop, phone]) {
      expect((await me(session.token)).statusCode).toBe(401);
      expect((await refresh(session.cookie)).statusCode).toBe(401);
    }
    // Another user's session goes on.
    expect((await me(other.token)).statusCode).toBe(200);

    const [entry] = await auditOf('auth.signed_out_everywhere', user.id);
    expect(entry).toMatchObject({ actorUserId: user.id, actorEmail: user.email, targetName: user.email });
    expect(entry.details).toMatchObject({ sessions_ended: 2 });

    // The password still works: a new sign-in starts afresh.
    await signIn(user.email, user.password);
  });

  test('needs a signed-in user', async () => {
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/logout-all' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/logout-all', token: 'forged.token.here' })).statusCode).toBe(401);
  });
});

describe('change password', () => {
  test('with the current password: the other sessions end, this one goes on, and only the new password signs in', async () => {
    const user = await newUser();
    const here = await signIn(user.email, user.password);
    const elsewhere = await signIn(user.email, user.password);

    const answer = await changePassword(here.token, { current_password: user.password, new_password: 'second-password-2' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: PASSWORD_CHANGED_MESSAGE });

    expect((await me(here.token)).statusCode).toBe(200);
    expect((await refresh(here.cookie)).statusCode).toBe(200);
    expect((await me(elsewhere.token)).statusCode).toBe(401);
    expect((await refresh(elsewhere.cookie)).statusCode).toBe(401);

    expect((await t.request({ method: 'POST', url: '/api/v1/auth/login', body: { email: user.email, password: user.password } })).statusCode).toBe(401);
    await signIn(user.email, 'second-password-2');

    const [entry] = await auditOf('auth.password_changed', user.id);
    expect(entry).toMatchObject({ actorUserId: user.id, targetName: user.email });
    expect(entry.details).toMatchObject({ other_sessions_ended: 1 });
    expect(JSON.stringify(entry)).not.toContain('second-password-2');
  });

  test('a wrong current password is refused beside its field and changes nothing', async () => {
    const user = await newUser();
    const here = await signIn(user.email, user.password);
    const elsewhere = await signIn(user.email, user.password);
    const answer = await changePassword(here.token, { current_password: 'not-my-password', new_password: 'second-password-2' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ detail: 'current_password: the current password is not correct' });
    expect((await me(elsewhere.token)).statusCode).toBe(200);
    await signIn(user.email, user.password);
  });

  test('a borrowed session cannot guess the password: 5 wrong current passwords lock that address', async () => {
    const user = await newUser();
    const here = await signIn(user.email, user.password, '10.0.5.1');
    for (let i = 0; i < 5; i++) {
      expect((await changePassword(here.token, { current_password: `guess-${i}`, new_password: 'second-password-2' }, '10.0.5.1')).statusCode).toBe(400);
    }
    const locked = await changePassword(here.token, { current_password: user.password, new_password: 'second-password-2' }, '10.0.5.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toMatch(/^Too many failed login attempts for this account from your address\./);
  });

  test('the new password follows the same rules as a reset, and must differ from the current one', async () => {
    const user = await newUser();
    const { token } = await signIn(user.email, user.password);
    const refusals: Array<[unknown, string]> = [
      [{ current_password: user.password, new_password: 'short' }, 'Password must be at least 8 characters.'],
      [{ current_password: user.password, new_password: 'x'.repeat(257) }, 'Password must be at least 256 characters.'],
      [{ current_password: user.password, new_password: user.password }, 'The new password must differ from the current one.'],
      [{ current_password: '', new_password: 'second-password-2' }, 'Your current password is required.'],
      [{ new_password: 'second-password-2' }, 'Your current password is required.'],
      [{ current_password: user.password }, 'Password is required.'],
    ];
    for (const [body, detail] of refusals) {
      const answer = await changePassword(token, body);
      expect([answer.statusCode, answer.json().detail]).toEqual([400, detail.replace('at least 256', 'at most 256')]);
    }
  });

  test('hostile input answers 4xx, never 500', async () => {
    const user = await newUser();
    const { token } = await signIn(user.email, user.password);
    const bodies: unknown[] = [
      { current_password: 12, new_password: true },
      { current_password: user.password, new_password: 'nul\u0000-password-1' },
      { current_password: MEGABYTE, new_password: MEGABYTE },
      [],
      'text',
      null,
    ];
    for (const body of bodies) {
      const answer = await changePassword(token, body);
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.json().detail).toEqual(expect.any(String));
    }
    expect(
      (await t.request({ method: 'POST', url: '/api/v1/auth/change-password', body: { current_password: 'a', new_password: 'second-password-2' } })).statusCode,
    ).toBe(401);

    // Fields the contract does not know change nothing else: the caller stays who they were.
    const extra = await changePassword(token, { current_password: user.password, new_password: 'second-password-2', is_admin: true, user_id: admin });
    expect(extra.statusCode).toBe(200);
    expect((await me(token)).json()).toMatchObject({ email: user.email, is_admin: false });
  });
});
