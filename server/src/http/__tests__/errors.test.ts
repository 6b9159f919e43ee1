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
  // Database refusals no route turned into its own answer.
  const refusals: Record<string, string> = {
    duplicate: 'insert into tenants (id, name, domain) select id, name, domain from tenants limit 1',
    'missing-reference': "insert into prospect_counters (tenant_id) values ('00000000-0000-4000-8000-000000000000')",
    'not-a-number': "select 'x'::int",
    check: "update users set email = 'UPPER@EXAMPLE.COM' where email = (select min(email) from users)",
  };
  t.app.get('/api/v1/test/refused/:kind', async (request) => {
    await t.db.execute(refusals[(request.params as { kind: string }).kind] as never);
  });
  // A status option still used by a prospect: the database's foreign key stops its delete.
  t.app.get('/api/v1/test/refused-in-use', async () => {
    await t.db.execute(
      "insert into prospects (tenant_id, name, phone1, status_id) select tenant_id, 'In use', '1', id from status_options order by id limit 1" as never,
    );
    await t.db.execute('delete from status_options where id = (select status_id from prospects where status_id is not null limit 1)' as never);
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
  // A route that takes records (sign-in and the public routes have limits of their own, a few KB).
  const response = await t.request({ method: 'POST', url: '/api/v1/crm/prospects', token: admin, body: { name: 'a'.repeat(2000), phone1: '+1 555 010 0000' } });
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
  ['DELETE', '/api/v1/auth/users/00000000-0000-4000-8000-000000000000/nothing'],
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

test.each([
  ['duplicate', 409, 'A record with the same values already exists.'],
  ['missing-reference', 400, 'A referenced record does not exist.'],
  ['not-a-number', 400, 'A value has the wrong format.'],
  ['check', 400, 'A value is outside what the record allows.'],
] as const)('a database refusal (%s) answers %i with a plain detail, no SQL', async (kind, status, detail) => {
  const response = await t.request({ url: `/api/v1/test/refused/${kind}` });
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ detail });
});

test('deleting a record still referenced answers 409', async () => {
  const response = await t.request({ url: '/api/v1/test/refused-in-use' });
  expect(response.statusCode).toBe(409);
  expect(response.json()).toEqual({ detail: 'The record is still in use by other records.' });
});

test.each(['GET', 'PUT', 'DELETE'] as const)('%s with a path segment over the length limit answers 414 with a detail', async (method) => {
  const response = await t.request({ method, url: `/api/v1/crm/prospects/${'a'.repeat(150)}`, token: admin, body: method === 'PUT' ? {} : undefined });
  expect(response.statusCode).toBe(414);
  expect(response.json()).toEqual({ detail: 'A path segment of the URL is too long.' });
});

test('a URL that does not decode answers 400 with a detail', async () => {
  const response = await t.request({ url: '/api/v1/crm/prospects/%ED%A0%80', token: admin });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ detail: 'The URL is not valid (bad percent-encoding).' });
});

test('a known API path asked with another method answers 405 with Allow', async () => {
  const response = await t.request({ method: 'PATCH', url: '/api/v1/crm/prospects/00000000-0000-4000-8000-000000000000', token: admin });
  expect(response.statusCode).toBe(405);
  expect(response.headers.allow).toEqual(expect.stringContaining('PUT'));
  expect(response.json()).toEqual({ detail: 'Method not allowed.' });
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
