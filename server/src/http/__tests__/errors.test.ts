import { createTestApp, type TestApp } from '../../testing/test-app';
import { formatIssueMessage, formatIssuePath } from '../errors';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ config: { bodyLimitBytes: 1024 } });
  // Routes only tests have: an unexpected failure, and a database error with bound values.
  t.app.get('/api/v1/test/boom', async () => {
    throw new Error('secret internals at /srv/app/file.ts:12');
  });
  t.app.get('/api/v1/test/bad-sql', async () => {
    await t.db.execute('select * from no_such_table' as never);
  });
  admin = await t.loginAdmin();
});
afterAll(() => t.close());

test('validation errors answer 400 with a detail naming the field', async () => {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/auth/users',
    token: admin,
    body: { email: 'not-an-email', password: 'long-enough-password' },
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ detail: 'email: must be a valid email address' });
});

test('a malformed id in the path is a 400, not a database error', async () => {
  const response = await t.request({ url: '/api/v1/auth/users/123', token: admin });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ detail: 'id: Invalid UUID' });
});

test('a body of the wrong type names the body', async () => {
  const response = await t.request({ method: 'PUT', url: '/api/v1/auth/users/00000000-0000-4000-8000-000000000000/groups', token: admin, body: ['nope'] });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ detail: 'body[0]: Invalid UUID' });
});

test('malformed JSON answers 400', async () => {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'content-type': 'application/json' },
    body: '{"email": "a@b.c", ',
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ detail: 'Malformed JSON in request body.' });
});

test('an empty JSON body answers 400, a missing body names it', async () => {
  const empty = await t.request({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, body: '' });
  expect(empty.statusCode).toBe(400);
  expect(empty.json().detail).toMatch(/empty/);

  const missing = await t.request({ method: 'POST', url: '/api/v1/auth/login' });
  expect(missing.statusCode).toBe(400);
  expect(missing.json().detail).toMatch(/^body: /);
});

test('a body over BODY_LIMIT_BYTES answers 413', async () => {
  const response = await t.request({ method: 'POST', url: '/api/v1/auth/login', body: { email: 'a'.repeat(2000), password: 'x' } });
  expect(response.statusCode).toBe(413);
  expect(response.json()).toEqual({ detail: 'Request body is too large (limit 1024 bytes).' });
});

test('an unsupported content type answers 415', async () => {
  const response = await t.request({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/xml' }, body: '<a/>' });
  expect(response.statusCode).toBe(415);
  expect(Object.keys(response.json())).toEqual(['detail']);
});

test.each([
  ['GET', '/api/v1/nothing-here'],
  ['POST', '/api/v1/nothing-here'],
  ['DELETE', '/api/v1/auth/users'],
  ['GET', '/api'],
  ['GET', '/api/v2/health'],
] as const)('unknown API route %s %s answers 404 JSON', async (method, url) => {
  const response = await t.request({ method, url, headers: { accept: 'text/html' } });
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ detail: 'Not found.' });
});

test('an unexpected error answers 500 with a bare detail, and is logged', async () => {
  const response = await t.request({ url: '/api/v1/test/boom' });
  expect(response.statusCode).toBe(500);
  expect(response.json()).toEqual({ detail: 'Internal server error' });
  expect(response.body).not.toContain('secret internals');
  expect(t.logs.some((line) => line.level === 50 && JSON.stringify(line).includes('secret internals'))).toBe(true);

  const sql = await t.request({ url: '/api/v1/test/bad-sql' });
  expect(sql.statusCode).toBe(500);
  expect(sql.json()).toEqual({ detail: 'Internal server error' });
});

test('every response carries the security headers', async () => {
  const response = await t.request({ url: '/api/v1/health' });
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  expect(csp).toContain("img-src 'self' data:");
  expect(csp).toContain("connect-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
});

test('the OpenAPI document is generated from the contracts and the docs page is served', async () => {
  const doc = await t.request({ url: '/api/openapi.json' });
  expect(doc.statusCode).toBe(200);
  const openapi = doc.json();
  expect(openapi.openapi).toMatch(/^3\./);
  expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/api/v1/auth/login', '/api/v1/auth/users/{id}', '/api/v1/crm/tenants']));
  expect(openapi.paths['/api/v1/auth/login'].post.requestBody.content['application/json'].schema.properties.email).toBeDefined();
  expect(Object.keys(openapi.paths).some((p: string) => p.startsWith('/api/docs'))).toBe(false);

  const page = await t.request({ url: '/api/docs/', headers: { accept: 'text/html' } });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('swagger-ui');
});

describe('detail formatting', () => {
  test('paths', () => {
    expect(formatIssuePath(['email'], 'body')).toBe('email');
    expect(formatIssuePath(['users', 0, 'email'], 'body')).toBe('users[0].email');
    expect(formatIssuePath([2], 'body')).toBe('body[2]');
    expect(formatIssuePath([], 'querystring')).toBe('querystring');
  });

  test('messages written for people pass through; terse ones get the field', () => {
    expect(formatIssueMessage('email', 'Invalid email address')).toBe('email: Invalid email address');
    expect(formatIssueMessage('name', 'Tenant name is required. Please enter a name for the tenant.')).toBe(
      'Tenant name is required. Please enter a name for the tenant.',
    );
    expect(formatIssueMessage('page', 'page: must be at least 1')).toBe('page: must be at least 1');
  });
});
