import { eq } from 'drizzle-orm';
import { PASSWORD_RESET_REQUESTED_MESSAGE } from '@app/shared/contracts';
import { passwordResets } from '../../../db/schema';
import { DEMO_ADMIN, DEMO_STAFF } from '../../../seed/seed';
import { DEFAULT_RATE_LIMITS } from '../../../config';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { hashOpaqueToken } from '../tokens';

const INVALID = 'This password reset link is invalid or has expired. Please request a new one.';

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token')!;
}

describe('with a mailer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://crm.example.com' } });
  });
  afterAll(() => t.close());

  // The mail leaves through the outbox; the worker's part is played here right after the request.
  const requestReset = async (email: string) => {
    const response = await t.request({ method: 'POST', url: '/api/v1/auth/password-reset', body: { email } });
    await t.deliverMail();
    return response;
  };
  const confirm = (token: string, password: string) => t.request({ method: 'POST', url: '/api/v1/auth/password-reset/confirm', body: { token, password } });

  test('answers the same for known and unknown addresses; only a known one gets mail', async () => {
    const unknown = await requestReset('nobody@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    expect(t.mailbox).toHaveLength(0);

    const known = await requestReset(DEMO_STAFF.email.toUpperCase());
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    expect(t.mailbox).toHaveLength(1);
    expect(t.mailbox[0].to).toBe(DEMO_STAFF.email);
    expect(t.mailbox[0].link).toMatch(/^https:\/\/crm\.example\.com\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
  });

  test('only the hash of the token is stored', async () => {
    const token = tokenOf(t.mailbox[0].link);
    const rows = await t.db.select().from(passwordResets);
    expect(rows.some((r) => r.tokenHash === hashOpaqueToken(token))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  test('the token sets a new password once, ends open sessions, and the old password stops working', async () => {
    const session = await t.loginStaff();
    const token = tokenOf(t.mailbox[0].link);

    const tooShort = await confirm(token, 'short');
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toEqual({ detail: 'Password must be at least 8 characters.' });

    const done = await confirm(token, 'brand-new-password');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toEqual(expect.any(String));

    expect((await t.request({ url: '/api/v1/auth/me', token: session })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/login', body: { email: DEMO_STAFF.email, password: DEMO_STAFF.password } })).statusCode).toBe(
      401,
    );
    await expect(t.login(DEMO_STAFF.email, 'brand-new-password')).resolves.toEqual(expect.any(String));

    const again = await confirm(token, 'yet-another-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: INVALID });
  });

  test('unknown and expired tokens answer 400', async () => {
    expect((await confirm('made-up-token', 'whatever-password')).json()).toEqual({ detail: INVALID });

    await requestReset(DEMO_STAFF.email);
    const token = tokenOf(t.mailbox[t.mailbox.length - 1].link);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashOpaqueToken(token)));
    const expired = await confirm(token, 'whatever-password');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: INVALID });
  });

  test('a successful reset voids the other outstanding links of the user', async () => {
    await requestReset(DEMO_STAFF.email);
    await requestReset(DEMO_STAFF.email);
    const [first, second] = t.mailbox.slice(-2).map((m) => tokenOf(m.link));
    expect((await confirm(second, 'password-from-second')).statusCode).toBe(200);
    expect((await confirm(first, 'password-from-first')).statusCode).toBe(400);
  });

  test('an invalid email is a 400 naming the field', async () => {
    const response = await requestReset('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'email: must be a valid email address' });
  });
});

describe('without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mailer: 'log' });
  });
  afterAll(() => t.close());

  test('the link goes to the log, and that one line is the only place the token appears', async () => {
    const response = await t.request({ method: 'POST', url: '/api/v1/auth/password-reset', body: { email: DEMO_STAFF.email } });
    expect(response.statusCode).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));

    const lines = t.rawLogs.filter((line) => line.includes('/reset-password?token='));
    expect(lines).toHaveLength(1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(lines[0])![1];
    // On the host the request came to (light-my-request's localhost), an allowed one, on the server's own port.
    expect(lines[0]).toContain(`http://localhost:8080/reset-password?token=${token}`);
    expect(t.rawLogs.filter((line) => line.includes(token))).toHaveLength(1);
    expect(response.body).not.toContain(token);

    // Following the link in a browser is logged with the token hidden.
    await t.request({ url: `/reset-password?token=${token}`, headers: { accept: 'text/html' } });
    expect(t.rawLogs.filter((line) => line.includes(token))).toHaveLength(1);

    expect((await t.request({ method: 'POST', url: '/api/v1/auth/password-reset/confirm', body: { token, password: 'from-the-log-1' } })).statusCode).toBe(200);
  });
});

describe('with the production limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
  });
  afterAll(() => t.close());

  const requestReset = async (email: string, remoteAddress: string) => {
    const response = await t.request({ method: 'POST', url: '/api/v1/auth/password-reset', body: { email }, remoteAddress });
    await t.deliverMail();
    return response;
  };

  test('a reset-mail flood from many addresses gets one account 3 mails an hour, with the same answer every time', async () => {
    const answers = [];
    for (let i = 1; i <= 6; i++) answers.push(await requestReset(DEMO_STAFF.email, `10.0.7.${i}`));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    }
    expect(t.mailbox.filter((mail) => mail.to === DEMO_STAFF.email)).toHaveLength(3);

    // Another account is not held back by this one's flood.
    expect((await requestReset(DEMO_ADMIN.email, '10.0.7.1')).json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    expect(t.mailbox.filter((mail) => mail.to === DEMO_ADMIN.email)).toHaveLength(1);
  });

  test('an unknown address answers the same past the limit too', async () => {
    for (let i = 1; i <= 5; i++) {
      const answer = await requestReset('nobody-here@example.com', `10.0.8.${i}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    }
  });
});
