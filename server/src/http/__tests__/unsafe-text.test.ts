import { createCrmFixture, expectStatus, type CrmFixture } from '../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { isUnsafeText } from '@app/shared/contracts';
import { findUnsafeText } from '../unsafe-text';

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

const REFUSED = 'must not contain NUL characters, unpaired UTF-16 surrogates or bidirectional control characters';

test('NUL and unpaired surrogates are unsafe; paired surrogates (emoji) and control characters are not', () => {
  expect(isUnsafeText('a\u0000b')).toBe(true);
  expect(isUnsafeText('x\uD800')).toBe(true);
  expect(isUnsafeText('\uDC00x')).toBe(true);
  expect(isUnsafeText('\uDC00\uD800')).toBe(true);
  expect(isUnsafeText('party \uD83C\uDF89')).toBe(false);
  expect(isUnsafeText('tab\tand\u0001bell')).toBe(false);
});

test('the path names the first unsafe value or key, however deep', () => {
  expect(findUnsafeText({ a: 'ok', list: [{ name: 'x' }, { name: 'b\u0000' }] })).toEqual(['list', 1, 'name']);
  expect(findUnsafeText({ ['k\uD800']: 1 })).toEqual(['k\uD800']);
  expect(findUnsafeText({ rows: ['\u0000'], other: 'fine' }, 'rows')).toBeNull();
  let deep: unknown = '\u0000';
  for (let i = 0; i < 100_000; i++) deep = [deep];
  expect(findUnsafeText(deep)).toHaveLength(100_000);
});

test.each([
  ['a NUL in the login email', () => ({ method: 'POST', url: '/api/v1/auth/login', body: { email: 'a\u0000@b.example', password: 'x' } }), 'email'],
  [
    'a NUL in a tenant domain',
    () => ({ method: 'POST', url: '/api/v1/crm/tenants', token: f.admin, body: { name: 'N', domain: 'n\u0000.example' } }),
    'domain',
  ],
  [
    'a lone surrogate in a prospect name',
    () => ({ method: 'POST', url: '/api/v1/crm/prospects', token: f.staff, body: { tenant_id: f.demoTenantId, name: 'Co \uD800', phone1: '1' } }),
    'name',
  ],
  [
    'a NUL in a status option name',
    () => ({ method: 'POST', url: '/api/v1/crm/status-options', token: f.admin, body: { tenant_id: f.demoTenantId, name: '\u0000' } }),
    'name',
  ],
  [
    'a NUL in a nested key',
    () => ({ method: 'POST', url: '/api/v1/crm/leads', token: f.staff, body: { tenant_id: f.demoTenantId, extra: { ['k\u0000']: 1 } } }),
    'extra.k\u0000',
  ],
  ['a NUL in the search', () => ({ url: `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}&q=a%00b`, token: f.staff }), 'q'],
  ['a NUL in the path', () => ({ url: '/api/v1/crm/prospects/a%00b', token: f.staff }), 'id'],
] as const)('%s is refused with 400 naming the field', async (_label, request, field) => {
  const response = await t.request(request() as Parameters<TestApp['request']>[0]);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ detail: `${field}: ${REFUSED}` });
});

test('nothing unsafe was stored, and a surrogate pair is stored as sent', async () => {
  const created = expectStatus<{ name: string }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects',
      token: f.staff,
      body: { tenant_id: f.demoTenantId, name: 'Party \uD83C\uDF89 Co', phone1: '+1 555 123 0001' },
    }),
    201,
  );
  expect(created.name).toBe('Party \uD83C\uDF89 Co');
  const list = expectStatus<{ prospects: Array<{ name: string }> }>(
    await t.request({ url: `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}&limit=100`, token: f.staff }),
    200,
  );
  expect(list.prospects.map((p) => p.name)).toEqual(['Party \uD83C\uDF89 Co']);
});

test('in a bulk upload an unsafe row is a row error naming the column, and the other rows are saved', async () => {
  const answer = expectStatus<{ total_created: number; errors: unknown[] }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects/bulk',
      token: f.staff,
      body: {
        tenant_id: f.demoTenantId,
        prospects: [
          { Name: 'Bulk Fine', Phone1: '+1 555 124 0001' },
          { Name: 'Bulk \u0000 Nul', Phone1: '+1 555 124 0002' },
          { Name: 'Bulk Surrogate', Phone1: '+1 555 124 0003', City: '\uD800' },
          { Name: 'Bulk Fine Too', Phone1: '+1 555 124 0004' },
        ],
      },
    }),
    200,
  );
  expect(answer.total_created).toBe(2);
  expect(JSON.stringify(answer.errors)).toContain(`Name: ${REFUSED}`);
  expect(JSON.stringify(answer.errors)).toContain(`City: ${REFUSED}`);
  const list = expectStatus<{ prospects: Array<{ name: string }> }>(
    await t.request({ url: `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}&q=bulk`, token: f.staff }),
    200,
  );
  expect(list.prospects.map((p) => p.name).sort()).toEqual(['Bulk Fine', 'Bulk Fine Too']);
});

test('bidirectional embedding, override and isolate controls are unsafe; plain Hebrew and Arabic are not', () => {
  for (const control of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'])
    expect(isUnsafeText(`x${control}y`)).toBe(true);
  expect(isUnsafeText('שלום')).toBe(false);
  expect(isUnsafeText('مرحبا')).toBe(false);
  // The marks a right-to-left name may need are not controls that reorder text around them.
  expect(isUnsafeText('a\u200Fb\u200E')).toBe(false);
});

const contact = (firstName: string, lastName: string) => ({
  method: 'POST' as const,
  url: '/api/v1/support/contact',
  body: { firstName, lastName, email: 'visitor@example.com', message: 'Hello there' },
});
const prospect = (name: string, phone1 = '+1 555 125 0001') => ({
  method: 'POST' as const,
  url: '/api/v1/crm/prospects',
  token: f.staff,
  body: { tenant_id: f.demoTenantId, name, phone1 },
});

test.each([
  ['a right-to-left override in a contact first name', () => contact('\u202Eevil', 'B'), 'firstName'],
  ['an isolate in a contact last name', () => contact('A', 'B\u2067x\u2069'), 'lastName'],
  ['a right-to-left override in a prospect name', () => prospect('\u202Eevil'), 'name'],
  ['an embedding in a prospect name', () => prospect('Co \u202B'), 'name'],
] as const)('%s is refused with 400 naming the field', async (_label, request, field) => {
  const response = await t.request(request());
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ detail: `${field}: ${REFUSED}` });
});

test('plain Hebrew and Arabic names are still taken, by the contact form and as a prospect', async () => {
  expect((await t.request(contact('שלום', 'مرحبا'))).statusCode).toBe(200);
  expect(expectStatus<{ name: string }>(await t.request(prospect('שלום مرحبا', '+1 555 125 0002')), 201).name).toBe('שלום مرحبا');
});
