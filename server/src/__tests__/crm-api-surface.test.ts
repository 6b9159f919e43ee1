import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

/** Every CRM and support call the screens make: the API must keep offering each of them. */
const SURFACE: Array<[string, string]> = [
  ['get', '/crm/tenants'],
  ['post', '/crm/tenants'],
  ['put', '/crm/tenants/{id}'],
  ['get', '/crm/leads'],
  ['get', '/crm/leads/export'],
  ['post', '/crm/leads'],
  ['delete', '/crm/leads/{id}'],
  ['post', '/crm/leads/change-pipeline-stage'],
  ['get', '/crm/prospects'],
  ['get', '/crm/prospects/export'],
  ['post', '/crm/prospects'],
  ['get', '/crm/prospects/{id}'],
  ['put', '/crm/prospects/{id}'],
  ['delete', '/crm/prospects/{id}'],
  ['post', '/crm/prospects/bulk'],
  ['post', '/crm/prospects/change-status'],
  ['post', '/crm/prospects/change-pipeline-stage'],
  ['get', '/crm/teams'],
  ['post', '/crm/teams'],
  ['put', '/crm/teams/{id}'],
  ['delete', '/crm/teams/{id}'],
  ['get', '/crm/dashboard'],
  ['get', '/crm/today'],
  ['get', '/crm/goals'],
  ['post', '/crm/goals'],
  ['put', '/crm/goals/{id}'],
  ['delete', '/crm/goals/{id}'],
  ['get', '/crm/status-options'],
  ['post', '/crm/status-options'],
  ['put', '/crm/status-options/{id}'],
  ['delete', '/crm/status-options/{id}'],
  ['get', '/crm/pipeline-stage-options'],
  ['post', '/crm/pipeline-stage-options'],
  ['put', '/crm/pipeline-stage-options/{id}'],
  ['delete', '/crm/pipeline-stage-options/{id}'],
  ['get', '/support/messages'],
  ['put', '/support/messages/{id}/solve'],
  ['delete', '/support/messages/{id}'],
  ['post', '/support/contact'],
];

test('the OpenAPI document lists every CRM and support call', async () => {
  const openapi = (await t.request({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
  const missing = SURFACE.filter(([method, path]) => !openapi.paths[`/api/v1${path}`]?.[method]);
  expect(missing).toEqual([]);
});

test.each(SURFACE.filter(([, path]) => path !== '/support/contact'))('%s %s needs a signed-in user (401)', async (method, path) => {
  const url = `/api/v1${path.replace(/\{id\}/, '00000000-0000-4000-8000-000000000000')}`;
  const response = await t.request({ method: method.toUpperCase() as 'GET', url, body: method === 'get' || method === 'delete' ? undefined : {} });
  expect(response.statusCode).toBe(401);
  expect(response.json().detail).toBeTruthy();
});
