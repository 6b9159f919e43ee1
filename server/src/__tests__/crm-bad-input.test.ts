import { createCrmFixture, expectStatus, type CrmFixture } from '../testing/crm-fixture';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let f: CrmFixture;
let statusId: string;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  statusId = expectStatus<Array<{ id: string }>>(await t.request({ url: `/api/v1/crm/status-options?tenant_id=${f.demoTenantId}`, token: f.staff }), 200)[0].id;
});
afterAll(() => t.close());

/** Whatever a client sends, the answer is a 4xx with a detail, never a 500. */
// Every row has all four values: jest takes a parameter beyond a row's length for `done`.
const cases: Array<[string, string, () => string, unknown]> = [
  ['GET', 'a page number beyond any integer', () => `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}&page=99999999999999999999`, undefined],
  ['GET', 'a fractional limit', () => `/api/v1/crm/leads?tenant_id=${f.demoTenantId}&limit=2.5`, undefined],
  ['GET', 'an over-long q', () => `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}&q=${'x'.repeat(201)}`, undefined],
  ['GET', 'a malformed tenant id', () => '/api/v1/crm/goals?tenant_id=not-a-uuid', undefined],
  ['GET', 'a malformed prospect id', () => '/api/v1/crm/prospects/123', undefined],
  ['POST', 'an over-long company name', () => '/api/v1/crm/prospects', { tenant_id: '', name: 'x'.repeat(301), phone1: '1' }],
  [
    'POST',
    'a goal target that is not a number',
    () => '/api/v1/crm/goals',
    { name: 'G', target_count: 'ten', start_date: '2026-01-01', end_date: '2026-02-01' },
  ],
  ['POST', 'a change-status body that is an array', () => '/api/v1/crm/prospects/change-status', []],
  ['PUT', 'a sort order out of range', () => `/api/v1/crm/status-options/${statusId}`, { sort_order: 1e12 }],
  ['POST', 'a bulk body without tenant', () => '/api/v1/crm/prospects/bulk', { prospects: [] }],
  ['POST', 'a stage colour that is not hex', () => '/api/v1/crm/pipeline-stage-options', { tenant_id: '', name: 'S', color: 'url(javascript:x)' }],
];

test.each(cases)('%s with %s is a 400 with a detail', async (method, _label, url, body) => {
  const withTenant = body && typeof body === 'object' && 'tenant_id' in body ? { ...body, tenant_id: f.demoTenantId } : body;
  const response = await t.request({ method: method as 'GET', url: url(), token: f.staff, body: withTenant });
  expect(response.statusCode).toBe(400);
  expect(typeof response.json().detail).toBe('string');
});

test('malformed JSON is a 400; a far page past the end is an empty page', async () => {
  const bad = await t.request({
    method: 'POST',
    url: '/api/v1/crm/prospects',
    token: f.staff,
    body: '{"name":',
    headers: { 'content-type': 'application/json' },
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toEqual({ detail: 'Malformed JSON in request body.' });
  const far = expectStatus<{ prospects: unknown[]; pagination: { total: number } }>(
    await t.request({ url: `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}&page=1000000000&limit=100`, token: f.staff }),
    200,
  );
  expect(far.prospects).toEqual([]);
  const farSearch = expectStatus<{ leads: unknown[] }>(
    await t.request({ url: `/api/v1/crm/leads?tenant_id=${f.demoTenantId}&page=1000000000&q=a`, token: f.staff }),
    200,
  );
  expect(farSearch.leads).toEqual([]);
});
