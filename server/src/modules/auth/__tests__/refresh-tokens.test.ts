import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { loginResponseSchema } from '@app/shared/contracts';
import { auditEvents, refreshTokens, users } from '../../../db/schema';
import { DEMO_ADMIN, DEMO_STAFF } from '../../../seed/seed';
import { createTestApp, TEST_SECRET, type TestApp } from '../../../testing/test-app';
import { hashRefreshToken } from '../tokens';

const MINUTE = 60_000;
const SESSION_ENDED = { detail: 'Your session has ended. Please sign in again.' };
const REUSED = { detail: 'This sign-in was renewed elsewhere with the same refresh token, so it has been ended. Please sign in again.' };

let t: TestApp;
// The server's idea of now for tokens and sessions: tests move it instead of waiting.
let now = new Date();
beforeAll(async () => {
  t = await createTestApp({ authClock: () => now });
});
afterAll(() => t.close());
beforeEach(() => {
  now = new Date();
});

function refreshCookie(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === 'refresh_token');
}

async function signIn(email = DEMO_STAFF.email, password = DEMO_STAFF.password) {
  const response = await t.request({ method: 'POST', url: '/api/v1/auth/login', body: { email, password } });
  expect(response.statusCode).toBe(200);
  return { token: response.json().access_token as string, cookie: refreshCookie(response)!.value, response };
}

const refresh = (cookie?: string, csrf = true) =>
  t.request({ method: 'POST', url: '/api/v1/auth/refresh', csrf, cookies: cookie === undefined ? undefined : { refresh_token: cookie } });
const me = (token: string) => t.request({ url: '/api/v1/auth/me', token });

describe('login', () => {
  test('sets the refresh token as an HttpOnly, SameSite=Strict cookie for the auth routes only, lasting the session', async () => {
    const { response, cookie } = await signIn();
    const set = refreshCookie(response)!;
    expect(set).toMatchObject({ path: '/api/v1/auth', httpOnly: true, sameSite: 'Strict' });
    // Served over plain http here (PUBLIC_URL is http): a Secure cookie would never come back.
    expect(set.secure).toBeUndefined();
    expect(Math.abs(new Date(set.expires!).getTime() - (now.getTime() + 12 * 60 * MINUTE))).toBeLessThan(2000);
    expect(response.json()).not.toHaveProperty('refresh_token');
    expect(JSON.stringify(response.json())).not.toContain(cookie);
  });

  test('answers an access token that lives 15 minutes', async () => {
    const { token } = await signIn();
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(15 * 60);
  });

  test('stores only the hash of the refresh token', async () => {
    const { cookie } = await signIn();
    const rows = await t.db.select().from(refreshTokens);
    expect(rows.some((row) => row.tokenHash === hashRefreshToken(cookie, TEST_SECRET))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(cookie);
  });
});

describe('expiry', () => {
  test('an access token is refused 15 minutes after it was issued; a refresh brings a working one', async () => {
    const { token, cookie } = await signIn();
    now = new Date(now.getTime() + 14 * MINUTE);
    expect((await me(token)).statusCode).toBe(200);
    now = new Date(now.getTime() + MINUTE + 1000);
    const expired = await me(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: 'Invalid or expired token.' });

    const renewed = await refresh(cookie);
    expect(renewed.statusCode).toBe(200);
    const body = loginResponseSchema.parse(renewed.json());
    expect(body.user.email).toBe(DEMO_STAFF.email);
    expect((await me(body.access_token)).statusCode).toBe(200);
  });

  test('refreshing never extends the sign-in past 12 hours from its login', async () => {
    let { cookie } = await signIn();
    // Refreshed every 15 minutes for 11 h 45 min: still signed in.
    for (let hour = 0; hour < 11; hour += 1) {
      now = new Date(now.getTime() + 60 * MINUTE);
      const renewed = await refresh(cookie);
      expect(renewed.statusCode).toBe(200);
      cookie = refreshCookie(renewed)!.value;
    }
    now = new Date(now.getTime() + 50 * MINUTE);
    const last = await refresh(cookie);
    expect(last.statusCode).toBe(200);
    // The last access token stops with the session, not 15 minutes later.
    const claims = JSON.parse(Buffer.from(last.json().access_token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(10 * 60);
    now = new Date(now.getTime() + 10 * MINUTE + 1000);
    const ended = await refresh(refreshCookie(last)!.value);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual(SESSION_ENDED);
  });
});

describe('rotation and reuse', () => {
  test('each refresh replaces the cookie; the old one presented again ends the whole session', async () => {
    const { token: first, cookie: original } = await signIn();
    const renewed = await refresh(original);
    expect(renewed.statusCode).toBe(200);
    const next = refreshCookie(renewed)!;
    expect(next).toMatchObject({ path: '/api/v1/auth', httpOnly: true, sameSite: 'Strict' });
    expect(next.value).not.toBe(original);
    const second = renewed.json().access_token as string;
    expect((await me(second)).statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(200);

    const reused = await refresh(original);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual(REUSED);
    // The copy is dropped from the browser that presented it.
    expect(refreshCookie(reused)).toMatchObject({ value: '', path: '/api/v1/auth' });
    // Every access token of the session stops at once, and so does its newest refresh token.
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(first)).statusCode).toBe(401);
    expect((await refresh(next.value)).statusCode).toBe(401);

    const [entry] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.session_revoked'), eq(auditEvents.actorEmail, DEMO_STAFF.email)));
    expect(entry).toMatchObject({ targetType: 'user', targetName: DEMO_STAFF.email, details: expect.objectContaining({ reason: 'refresh token reused' }) });
  });

  test("a reuse ends only that session: the user's other sign-ins keep working", async () => {
    const mine = await signIn();
    const other = await signIn();
    await refresh(mine.cookie);
    expect((await refresh(mine.cookie)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(200);
    expect((await refresh(other.cookie)).statusCode).toBe(200);
  });

  test('answers 401 without a cookie or with one it never issued', async () => {
    const missing = await refresh();
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual(SESSION_ENDED);
    const forged = await refresh('A'.repeat(43));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual(SESSION_ENDED);
  });

  test('cannot be driven by another site: without the CSRF header it is refused and the cookie is not spent', async () => {
    const { cookie } = await signIn();
    const crossSite = await refresh(cookie, false);
    expect(crossSite.statusCode).toBe(403);
    expect(refreshCookie(crossSite)).toBeUndefined();
    expect((await refresh(cookie)).statusCode).toBe(200);
  });
});

describe('ending a sign-in ends its refresh token', () => {
  test('logout clears the cookie, revokes it on the server and leaves an audit entry', async () => {
    const { token, cookie } = await signIn();
    const out = await t.request({ method: 'POST', url: '/api/v1/auth/logout', token, cookies: { refresh_token: cookie } });
    expect(out.statusCode).toBe(204);
    const cleared = refreshCookie(out)!;
    expect(cleared).toMatchObject({ value: '', path: '/api/v1/auth' });
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    const after = await refresh(cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(SESSION_ENDED);

    const [user] = await t.db.select().from(users).where(eq(users.email, DEMO_STAFF.email));
    const entries = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.signed_out'));
    expect(entries.at(-1)).toMatchObject({
      actorUserId: user.id,
      actorEmail: DEMO_STAFF.email,
      targetType: 'user',
      targetId: user.id,
      targetName: DEMO_STAFF.email,
    });
  });

  test("an admin's password change for a user ends the user's refresh tokens", async () => {
    const { cookie } = await signIn();
    const admin = await t.loginAdmin();
    const [user] = await t.db.select().from(users).where(eq(users.email, DEMO_STAFF.email));
    const changed = await t.request({ method: 'PUT', url: `/api/v1/auth/users/${user.id}`, token: admin, body: { password: DEMO_STAFF.password } });
    expect(changed.statusCode).toBe(200);
    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  test("a password reset ends the user's refresh tokens and clears this browser's cookie", async () => {
    const { cookie } = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await t.request({ method: 'POST', url: '/api/v1/auth/password-reset', body: { email: DEMO_ADMIN.email } });
    await t.deliverMail();
    const link = t.mailbox.at(-1)!.link;
    const token = new URL(link).searchParams.get('token')!;
    const done = await t.request({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      body: { token, password: DEMO_ADMIN.password },
      cookies: { refresh_token: cookie },
    });
    expect(done.statusCode).toBe(200);
    expect(refreshCookie(done)).toMatchObject({ value: '', path: '/api/v1/auth' });
    expect((await refresh(cookie)).statusCode).toBe(401);
  });
});

describe('behind a trusted proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ config: { trustProxy: { hops: 1 } } });
  });
  afterAll(() => proxied.close());

  test('the cookie is Secure when the client reached the proxy over https', async () => {
    const body = { email: DEMO_STAFF.email, password: DEMO_STAFF.password };
    const overHttps = await proxied.request({ method: 'POST', url: '/api/v1/auth/login', body, headers: { 'x-forwarded-proto': 'https' } });
    expect(refreshCookie(overHttps)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    const overHttp = await proxied.request({ method: 'POST', url: '/api/v1/auth/login', body });
    expect(refreshCookie(overHttp)?.secure).toBeUndefined();
  });
});
