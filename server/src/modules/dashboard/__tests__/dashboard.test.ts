import { dashboardStatsSchema, type DashboardStats } from '@app/shared/contracts';
import { addDays, localDate } from '../../../lib/today';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

const stats = async (tenantId = f.demoTenantId, token = f.staff): Promise<DashboardStats> =>
  dashboardStatsSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/dashboard?tenant_id=${tenantId}`, token }), 200));

test("total prospects, the user's calls today and the sum of the targets of their goals running today", async () => {
  expect(await stats()).toEqual({ total_prospects: 0, today_calls_made: 0, today_calls_goal: 0, visible_calls: { scope: 'all', made: 0, goal: 0 } });
  const today = localDate();
  const goal = (name: string, target: number, start: string, end: string, tenantId = f.demoTenantId, token = f.staff) =>
    t.request({ method: 'POST', url: '/api/v1/crm/goals', token, body: { tenant_id: tenantId, name, target_count: target, start_date: start, end_date: end } });
  const running = expectStatus<{ id: string }>(await goal('Running', 12, today, addDays(today, 3)), 201);
  expectStatus(await goal('Started earlier', 8, addDays(today, -5), addDays(today, 1)), 201);
  expectStatus(await goal('Ended yesterday', 100, addDays(today, -9), addDays(today, -1)), 201);
  expectStatus(await goal('Upcoming', 100, addDays(today, 1), addDays(today, 9)), 201);
  expectStatus(await goal('Other tenant', 100, today, addDays(today, 2), f.otherTenantId, f.outsider), 201);

  const bulk = await t.request({
    method: 'POST',
    url: '/api/v1/crm/prospects/bulk',
    token: f.staff,
    body: { tenant_id: f.demoTenantId, prospects: [1, 2, 3].map((i) => ({ name: `P${i}`, phone1: `+1 555 090 000${i}` })) },
  });
  expect(bulk.json().total_created).toBe(3);
  const prospects = expectStatus<{ prospects: Array<{ id: string }> }>(
    await t.request({ url: `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}`, token: f.staff }),
    200,
  ).prospects;
  const statuses = expectStatus<Array<{ id: string; name: string }>>(
    await t.request({ url: `/api/v1/crm/status-options?tenant_id=${f.demoTenantId}`, token: f.staff }),
    200,
  );
  const byName = (name: string) => statuses.find((s) => s.name === name)!.id;
  await t.request({
    method: 'POST',
    url: '/api/v1/crm/prospects/change-status',
    token: f.staff,
    body: { prospect_id: prospects[0].id, status_id: byName('No Answer'), prospect_contacted: true, goal_id: running.id },
  });
  await t.request({
    method: 'POST',
    url: '/api/v1/crm/prospects/change-status',
    token: f.staff,
    body: { prospect_id: prospects[1].id, status_id: byName('Interested'), prospect_contacted: true, goal_id: running.id },
  });

  expect(await stats()).toEqual({ total_prospects: 2, today_calls_made: 2, today_calls_goal: 20, visible_calls: { scope: 'all', made: 2, goal: 20 } });
  // Admins see any tenant's figures: none of the calls or goals there are the admin's own.
  expect(await stats(f.otherTenantId, f.admin)).toEqual({
    total_prospects: 0,
    today_calls_made: 0,
    today_calls_goal: 0,
    visible_calls: { scope: 'all', made: 0, goal: 100 },
  });
});

test("a user of another tenant cannot read the demo tenant's dashboard; tenant_id is required", async () => {
  const response = await t.request({ url: `/api/v1/crm/dashboard?tenant_id=${f.demoTenantId}`, token: f.outsider });
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ detail: 'You do not have access to this tenant.' });
  expect((await t.request({ url: '/api/v1/crm/dashboard', token: f.staff })).statusCode).toBe(400);
  expect((await t.request({ url: `/api/v1/crm/dashboard?tenant_id=${f.demoTenantId}` })).statusCode).toBe(401);
});
