import { quotationListResponseSchema } from '@app/shared/contracts';
import { seedDemoQuotations } from '../../../seed/demo-quotations';
import { expectStatus } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp({ crmSample: true });
  staff = await t.loginStaff();
});
afterAll(() => t.close());

test('a new demo tenant shows eight quotations across all five statuses, once', async () => {
  const list = quotationListResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/quotations?tenant_id=${t.seed!.tenantId}`, token: staff }), 200));
  expect(list.quotations).toHaveLength(8);
  expect(new Set(list.quotations.map((q) => q.status))).toEqual(new Set(['draft', 'sent', 'accepted', 'rejected', 'expired']));
  expect(list.summary).toMatchObject({ total: 8, accepted: 2, pending: 2 });
  expect(list.summary.total_value).toBeCloseTo(
    list.quotations.reduce((sum, q) => sum + q.total, 0),
    2,
  );
  for (const q of list.quotations) expect(q.total).toBeGreaterThan(0);
  expect(await seedDemoQuotations(t.db, t.seed!.tenantId, null, 'another-secret')).toEqual([]);

  // The sent ones carry a working link; the expired one's link says it has expired.
  const linkOf = (status: string) => list.quotations.find((q) => q.status === status)!.share_url!;
  const path = (url: string) => `/api/v1/public/quotations/${url.split('/q/')[1]}`;
  expect((await t.request({ url: path(linkOf('sent')) })).statusCode).toBe(200);
  const expired = await t.request({ url: path(linkOf('expired')) });
  expect(expired.statusCode).toBe(410);
  expect(expired.json()).toEqual({ detail: 'This quotation has expired.' });
  expect(expectStatus<{ status: string }>(await t.request({ url: path(linkOf('accepted')) }), 200).status).toBe('accepted');
  expect(list.quotations.find((q) => q.status === 'draft')!.share_url).toBeNull();
});

test('the OpenAPI document lists every quotation call', async () => {
  const spec = (await t.request({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
  const expected = [
    ['get', '/quotations'],
    ['post', '/quotations'],
    ['get', '/quotations/{id}'],
    ['put', '/quotations/{id}'],
    ['delete', '/quotations/{id}'],
    ['post', '/quotations/{id}/duplicate'],
    ['get', '/quotations/{id}/pdf'],
    ['post', '/quotations/{id}/send'],
    ['post', '/quotations/{id}/accept'],
    ['get', '/quotations/{id}/history'],
    ['get', '/public/quotations/{token}'],
    ['get', '/public/quotations/{token}/pdf'],
    ['post', '/public/quotations/{token}/accept'],
    ['post', '/public/quotations/{token}/reject'],
    ['get', '/crm/leads/{id}'],
  ];
  expect(expected.filter(([method, p]) => !spec.paths[`/api/v1${p}`]?.[method])).toEqual([]);
});
