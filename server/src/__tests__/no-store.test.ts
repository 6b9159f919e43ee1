import { operationsOf } from '../testing/fuzz/corpus';
import { createCrmFixture, expectStatus, type CrmFixture } from '../testing/crm-fixture';
import { createQuotation } from '../testing/quotation-helpers';
import { createTestApp, TEST_CSRF, type TestApp } from '../testing/test-app';
import { DEMO_STAFF } from '../seed/seed';

/**
 * Answers that carry a token or a signed-in user's records must not be kept by the browser's
 * cache, a shared proxy or the back button: every one says Cache-Control: no-store.
 */
let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
}, 120_000);
afterAll(() => t.close());

const noStore = (headers: Record<string, unknown>) => String(headers['cache-control'] ?? '(none)');

test('the login answer, which carries the access token, and the refresh answer are not stored', async () => {
  const login = await t.request({ method: 'POST', url: '/api/v1/auth/login', body: DEMO_STAFF });
  expect(login.statusCode).toBe(200);
  expect(noStore(login.headers)).toBe('no-store');
  const cookie = login.cookies.find((c) => c.name === 'refresh_token')!.value;
  const refreshed = await t.request({ method: 'POST', url: '/api/v1/auth/refresh', cookies: { refresh_token: cookie } });
  expect(refreshed.statusCode).toBe(200);
  expect(noStore(refreshed.headers)).toBe('no-store');
  // A refusal is not kept either.
  const refused = await t.request({ method: 'POST', url: '/api/v1/auth/login', body: { email: DEMO_STAFF.email, password: 'wrong-password' } });
  expect(noStore(refused.headers)).toBe('no-store');
});

test("a client's quotation link answers JSON that is not stored", async () => {
  const q = await createQuotation(t, f.staff, f.demoTenantId);
  const sent = expectStatus<{ share_url: string }>(await t.request({ method: 'POST', url: `/api/v1/quotations/${q.id}/send`, token: f.staff }), 200);
  const token = sent.share_url.split('/q/')[1];
  const opened = await t.request({ url: `/api/v1/public/quotations/${token}`, csrf: false });
  expect(opened.statusCode).toBe(200);
  expect(opened.headers['content-type']).toMatch(/^application\/json/);
  expect(noStore(opened.headers)).toBe('no-store');
});

test('every GET operation of the API answers a signed-in admin with Cache-Control: no-store', async () => {
  const operations = operationsOf(expectStatus(await t.request({ url: '/api/openapi.json' }), 200)).filter((op) => op.method === 'GET');
  expect(operations.length).toBeGreaterThan(30);
  const stored: string[] = [];
  const statuses = new Map<number, number>();
  for (const op of operations) {
    // Ids of no record: the answer (a 404, or a 400 naming the parameter) is still the signed-in user's.
    const url = op.path.replace(/\{(\w+)\}/g, (_match, name: string) => (name.includes('tenant') ? f.demoTenantId : '00000000-0000-4000-8000-000000000000'));
    const query = op.query.some((p) => p.name === 'tenant_id') ? `?tenant_id=${f.demoTenantId}` : '';
    const answer = await t.request({ url: `${url}${query}`, token: f.admin });
    statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
    if (noStore(answer.headers) !== 'no-store') stored.push(`${op.method} ${op.path} (${answer.statusCode}): ${noStore(answer.headers)}`);
  }
  expect(stored).toEqual([]);
  // Most of the walk reads real answers, not only refusals.
  expect(statuses.get(200) ?? 0).toBeGreaterThan(operations.length / 3);
});

test('refusals made before any route are not stored either: 404, 405, 413, 414, 415, a bad URL and the CSRF 403 of a method a path does not take', async () => {
  const csrf = { cookie: `csrftoken=${TEST_CSRF}`, 'x-csrftoken': TEST_CSRF };
  const long = 'a'.repeat(5000);
  const cases: Array<{ method: string; url: string; headers?: Record<string, string>; payload?: string; status: number }> = [
    { method: 'GET', url: '/api/v1/does-not-exist', status: 404 },
    { method: 'GET', url: '/%61pi/v1/does-not-exist', status: 404 },
    { method: 'DELETE', url: '/api/v1/health', headers: csrf, status: 405 },
    { method: 'PROPFIND', url: '/api/v1/health', status: 405 },
    { method: 'DELETE', url: '/api/v1/health', status: 403 },
    { method: 'PATCH', url: '/api/v1/nothing-here', status: 403 },
    { method: 'GET', url: `/api/v1/crm/prospects/${long}`, status: 414 },
    { method: 'PUT', url: `/api/v1/crm/prospects/${long}`, headers: csrf, status: 414 },
    { method: 'GET', url: '/api/v1/%E0%A4%A', status: 400 },
    { method: 'POST', url: '/api/v1/auth/login', headers: { ...csrf, 'content-type': 'application/xml' }, payload: '<a/>', status: 415 },
    {
      method: 'POST',
      url: '/api/v1/support/contact',
      headers: { ...csrf, 'content-type': 'application/json' },
      payload: `{"message":"${'x'.repeat(11 * 1024 * 1024)}"}`,
      status: 413,
    },
  ];
  const answers = [];
  for (const { method, url, headers, payload } of cases) {
    const response = await t.app.inject({ method: method as 'GET', url, headers, payload });
    answers.push(
      `${method} ${url.slice(0, 40)} ${response.statusCode} ${noStore(response.headers)} ${typeof (response.json() as { detail?: unknown }).detail}`,
    );
  }
  expect(answers).toEqual(cases.map(({ method, url, status }) => `${method} ${url.slice(0, 40)} ${status} no-store string`));
});
