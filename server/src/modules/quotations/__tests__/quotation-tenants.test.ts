import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createQuotation, draftBody } from '../../../testing/quotation-helpers';

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

test("another tenant's user gets 404 on every endpoint of a quotation and changes nothing", async () => {
  const q = await createQuotation(t, f.staff, f.demoTenantId, { title: 'Private' });
  const calls: Array<[string, string, unknown?]> = [
    ['GET', `/api/v1/quotations/${q.id}`],
    ['PUT', `/api/v1/quotations/${q.id}`, draftBody({ title: 'Hijacked' })],
    ['DELETE', `/api/v1/quotations/${q.id}`],
    ['POST', `/api/v1/quotations/${q.id}/duplicate`],
    ['GET', `/api/v1/quotations/${q.id}/pdf`],
    ['POST', `/api/v1/quotations/${q.id}/send`],
    ['GET', `/api/v1/quotations/${q.id}/history`],
  ];
  for (const [method, url, body] of calls) {
    const response = await t.request({ method: method as 'GET', url, token: f.outsider, body });
    expect([method, url, response.statusCode]).toEqual([method, url, 404]);
    expect(response.json()).toEqual({ detail: 'Quotation not found.' });
  }
  const after = expectStatus<{ title: string; status: string; share_url: string | null }>(
    await t.request({ url: `/api/v1/quotations/${q.id}`, token: f.staff }),
    200,
  );
  expect(after).toMatchObject({ title: 'Private', status: 'draft', share_url: null });
  const history = expectStatus<{ history: unknown[] }>(await t.request({ url: `/api/v1/quotations/${q.id}/history`, token: f.staff }), 200).history;
  expect(history).toHaveLength(1);
});

test('the list and create refuse a tenant the user does not belong to; each tenant lists only its own', async () => {
  await createQuotation(t, f.staff, f.demoTenantId, { title: 'Demo only' });
  await createQuotation(t, f.outsider, f.otherTenantId, { title: 'Other only' });
  const foreignList = await t.request({ url: `/api/v1/quotations?tenant_id=${f.demoTenantId}`, token: f.outsider });
  expect(foreignList.statusCode).toBe(403);
  const foreignCreate = await t.request({ method: 'POST', url: '/api/v1/quotations', token: f.outsider, body: { tenant_id: f.demoTenantId, ...draftBody() } });
  expect(foreignCreate.statusCode).toBe(403);
  const own = expectStatus<{ quotations: Array<{ title: string }> }>(
    await t.request({ url: `/api/v1/quotations?tenant_id=${f.otherTenantId}`, token: f.outsider }),
    200,
  );
  expect(own.quotations.map((q) => q.title)).toEqual(['Other only']);
  const demo = expectStatus<{ quotations: Array<{ title: string }> }>(
    await t.request({ url: `/api/v1/quotations?tenant_id=${f.demoTenantId}&q=only`, token: f.admin }),
    200,
  );
  expect(demo.quotations.map((q) => q.title)).toEqual(['Demo only']);
});

test('an admin naming a tenant that does not exist gets a 400, not a 500', async () => {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/quotations',
    token: f.admin,
    body: { tenant_id: '00000000-0000-4000-8000-000000000000', ...draftBody() },
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ detail: 'tenant_id: Tenant not found.' });
  const list = await t.request({ url: '/api/v1/quotations?tenant_id=00000000-0000-4000-8000-000000000000', token: f.admin });
  expect(expectStatus<{ quotations: unknown[] }>(list, 200).quotations).toEqual([]);
});

test('every quotation endpoint needs a login', async () => {
  const q = await createQuotation(t, f.staff, f.demoTenantId);
  for (const [method, url] of [
    ['GET', `/api/v1/quotations?tenant_id=${f.demoTenantId}`],
    ['POST', '/api/v1/quotations'],
    ['GET', `/api/v1/quotations/${q.id}`],
    ['GET', `/api/v1/quotations/${q.id}/pdf`],
    ['POST', `/api/v1/quotations/${q.id}/send`],
  ]) {
    expect((await t.request({ method: method as 'GET', url, body: method === 'POST' ? {} : undefined })).statusCode).toBe(401);
  }
});
