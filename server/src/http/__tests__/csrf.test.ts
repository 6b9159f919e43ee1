import { DEMO_ADMIN } from '../../seed/seed';
import { createTestApp, TEST_CSRF, type TestApp } from '../../testing/test-app';
import { CSRF_DETAIL } from '../csrf';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const credentials = { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password };

function csrfCookie(setCookie: string | string[] | undefined): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.find((c) => c.startsWith('csrftoken='));
}

test('the first response to a client without the cookie sets it: API calls and pages alike', async () => {
  for (const url of ['/api/v1/health', '/', '/crm', '/api/v1/does-not-exist']) {
    const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const cookie = csrfCookie(response.headers['set-cookie']);
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/^csrftoken=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; SameSite=Lax$/);
    expect(cookie).not.toMatch(/HttpOnly/i);
  }
});

test('a client that has the cookie is not given a new one; hashed assets never set it', async () => {
  const withCookie = await t.app.inject({ method: 'GET', url: '/api/v1/health', cookies: { csrftoken: TEST_CSRF } });
  expect(csrfCookie(withCookie.headers['set-cookie'])).toBeUndefined();
  const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
  expect(csrfCookie(asset.headers['set-cookie'])).toBeUndefined();
});

test('login without the header, with a wrong header, or without the cookie answers 403', async () => {
  const noHeader = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', cookies: { csrftoken: TEST_CSRF }, payload: credentials });
  expect(noHeader.statusCode).toBe(403);
  expect(noHeader.json()).toEqual({ detail: CSRF_DETAIL });

  const wrong = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    cookies: { csrftoken: TEST_CSRF },
    headers: { 'x-csrftoken': `${TEST_CSRF.slice(0, -1)}x` },
    payload: credentials,
  });
  expect(wrong.statusCode).toBe(403);

  const noCookie = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'x-csrftoken': TEST_CSRF }, payload: credentials });
  expect(noCookie.statusCode).toBe(403);
  // The refusal hands out a cookie, so the client can retry.
  expect(csrfCookie(noCookie.headers['set-cookie'])).toBeDefined();
});

test('a cookie from a first GET, echoed in the header, lets the login through', async () => {
  const first = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
  const value = csrfCookie(first.headers['set-cookie'])!.split(';')[0].split('=')[1];
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    cookies: { csrftoken: value },
    headers: { 'x-csrftoken': value },
    payload: credentials,
  });
  expect(response.statusCode).toBe(200);
});

test('public state-changing calls are checked too: password reset and the contact form', async () => {
  for (const url of ['/api/v1/auth/password-reset', '/api/v1/support/contact']) {
    const response = await t.request({ method: 'POST', url, csrf: false, body: { email: 'someone@example.com' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: CSRF_DETAIL });
  }
});

test('authenticated PUT and DELETE need it as well; GET does not', async () => {
  const token = await t.loginAdmin();
  const me = await t.request({ url: '/api/v1/auth/me', token, csrf: false });
  expect(me.statusCode).toBe(200);
  const put = await t.request({ method: 'PUT', url: `/api/v1/auth/users/${me.json()._id}`, token, csrf: false, body: { full_name: 'X' } });
  expect(put.statusCode).toBe(403);
  const del = await t.request({ method: 'DELETE', url: `/api/v1/auth/users/${me.json()._id}`, token, csrf: false });
  expect(del.statusCode).toBe(403);
});

describe('other spellings of an /api path reach the same routes and are checked the same', () => {
  // Percent-encoded letters, doubled slashes, another case, an encoded slash, a trailing slash.
  const spellings = (rest: string) => [
    `/%61pi/v1${rest}`,
    `/%61%70%69/v1${rest}`,
    `/%41PI/v1${rest}`,
    `//api/v1${rest}`,
    `/api//v1${rest}`,
    `/API/v1${rest}`,
    `/Api/V1${rest}`,
    `/api%2Fv1${rest}`,
    `/%61pi/v1${rest}/`,
  ];

  test('POST /%61pi/v1/releases/crm/failures without cookie or header is refused like /api/... is', async () => {
    const body = { version: 'builtin', phase: 'load', message: 'forged from another site' };
    const plain = await t.request({ method: 'POST', url: '/api/v1/releases/crm/failures', csrf: false, body });
    expect(plain.statusCode).toBe(403);
    for (const url of spellings('/releases/crm/failures')) {
      const response = await t.request({ method: 'POST', url, csrf: false, body });
      expect([url, response.statusCode, response.json()]).toEqual([url, 403, { detail: CSRF_DETAIL }]);
    }
  });

  test('the contact form under another spelling stores nothing without the token', async () => {
    const body = { firstName: 'Eve', lastName: 'Forger', email: 'eve@example.com', message: 'Sent from another site.' };
    for (const url of spellings('/support/contact')) {
      const response = await t.request({ method: 'POST', url, csrf: false, body });
      expect([url, response.statusCode]).toEqual([url, 403]);
    }
    const token = await t.loginAdmin();
    const inbox = await t.request({ url: '/api/v1/support/messages', token });
    expect(JSON.stringify(inbox.json())).not.toContain('eve@example.com');
  });

  test("a signed-in user's DELETE and PUT under another spelling are refused and change nothing", async () => {
    const token = await t.loginAdmin();
    const me = (await t.request({ url: '/api/v1/auth/me', token })).json();
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects',
      token,
      body: { tenant_id: t.seed!.tenantId, name: 'Kept Prospect Ltd', phone1: '+1 415 555 0199' },
    });
    expect(created.statusCode).toBe(201);
    const prospect = created.json();
    for (const url of spellings(`/crm/prospects/${prospect.id}`)) {
      const response = await t.request({ method: 'DELETE', url, token, csrf: false });
      expect([url, response.statusCode]).toEqual([url, 403]);
    }
    for (const url of spellings(`/auth/users/${me._id}`)) {
      const response = await t.request({ method: 'PUT', url, token, csrf: false, body: { full_name: 'Renamed Elsewhere' } });
      expect([url, response.statusCode]).toEqual([url, 403]);
    }
    expect((await t.request({ url: `/api/v1/crm/prospects/${prospect.id}`, token })).statusCode).toBe(200);
    expect((await t.request({ url: '/api/v1/auth/me', token })).json().full_name).not.toBe('Renamed Elsewhere');
  });
});
