import { SETUP_CHANGES_ADMINS_ONLY_DETAIL, type Goal, type PipelineStage, type StatusOption, type Tenant } from '@app/shared/contracts';
import { createCrmFixture, demoStagesByName, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { auditOf } from '../../../testing/owner-users';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

const setSetupChanges = async (value: unknown) =>
  t.request({ method: 'PUT', url: `/api/v1/crm/tenants/${f.demoTenantId}`, token: f.admin, body: { setup_changes: value } });
const statuses = async () =>
  expectStatus<StatusOption[]>(await t.request({ url: `/api/v1/crm/status-options?tenant_id=${f.demoTenantId}`, token: f.admin }), 200);
const goals = async () => expectStatus<Goal[]>(await t.request({ url: `/api/v1/crm/goals?tenant_id=${f.demoTenantId}`, token: f.admin }), 200);
const goalBody = (name: string) => ({ tenant_id: f.demoTenantId, name, target_count: 10, start_date: '2026-01-01', end_date: '2026-12-31' });

test('a tenant starts with setup changes open to everyone, and staff change statuses, stages and goals', async () => {
  const tenant = expectStatus<Tenant[]>(await t.request({ url: '/api/v1/crm/tenants', token: f.admin }), 200).find((row) => row.id === f.demoTenantId)!;
  expect(tenant.setup_changes).toBe('everyone');
  const status = expectStatus<StatusOption>(
    await t.request({ method: 'POST', url: '/api/v1/crm/status-options', token: f.staff, body: { tenant_id: f.demoTenantId, name: 'Staff Made' } }),
    201,
  );
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/status-options/${status.id}`, token: f.staff }), 200);
  const goal = expectStatus<Goal>(await t.request({ method: 'POST', url: '/api/v1/crm/goals', token: f.staff, body: goalBody('Staff goal') }), 201);
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/goals/${goal.id}`, token: f.staff }), 200);
});

test('with admins only, staff are refused every change of statuses, stages (their probabilities too) and goals, and nothing changes', async () => {
  const goal = expectStatus<Goal>(await t.request({ method: 'POST', url: '/api/v1/crm/goals', token: f.admin, body: goalBody('Admin goal') }), 201);
  expect(expectStatus<Tenant>(await setSetupChanges('admins'), 200).setup_changes).toBe('admins');
  const won = (await demoStagesByName(t, f)).Won!;
  const newStatus = (await statuses()).find((status) => status.name === 'New')!;
  const before = { statuses: await statuses(), stages: await demoStagesByName(t, f), goals: await goals() };

  const refused = [
    { method: 'POST' as const, url: '/api/v1/crm/status-options', body: { tenant_id: f.demoTenantId, name: 'Sneaky' } },
    { method: 'PUT' as const, url: `/api/v1/crm/status-options/${newStatus.id}`, body: { name: 'Renamed' } },
    { method: 'DELETE' as const, url: `/api/v1/crm/status-options/${newStatus.id}` },
    { method: 'POST' as const, url: '/api/v1/crm/pipeline-stage-options', body: { tenant_id: f.demoTenantId, name: 'Sneaky stage' } },
    { method: 'PUT' as const, url: `/api/v1/crm/pipeline-stage-options/${won.id}`, body: { probability: 99 } },
    { method: 'DELETE' as const, url: `/api/v1/crm/pipeline-stage-options/${won.id}` },
    { method: 'POST' as const, url: '/api/v1/crm/goals', body: goalBody('Sneaky goal') },
    { method: 'PUT' as const, url: `/api/v1/crm/goals/${goal.id}`, body: { ...goalBody('Renamed goal'), target_count: 1 } },
    { method: 'DELETE' as const, url: `/api/v1/crm/goals/${goal.id}` },
  ];
  for (const call of refused) {
    const response = await t.request({ ...call, token: f.staff });
    expect([`${call.method} ${call.url}`, response.statusCode, response.json()]).toEqual([
      `${call.method} ${call.url}`,
      403,
      { detail: SETUP_CHANGES_ADMINS_ONLY_DETAIL },
    ]);
  }
  expect({ statuses: await statuses(), stages: await demoStagesByName(t, f), goals: await goals() }).toEqual(before);

  // Staff still read them, and admins still change them.
  expectStatus(await t.request({ url: `/api/v1/crm/status-options?tenant_id=${f.demoTenantId}`, token: f.staff }), 200);
  const stage = expectStatus<PipelineStage>(
    await t.request({ method: 'PUT', url: `/api/v1/crm/pipeline-stage-options/${won.id}`, token: f.admin, body: { name: 'Won' } }),
    200,
  );
  expect(stage.name).toBe('Won');
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/goals/${goal.id}`, token: f.admin }), 200);

  // The other tenant keeps its own setting: its staff still change its statuses.
  expectStatus(
    await t.request({ method: 'POST', url: '/api/v1/crm/status-options', token: f.outsider, body: { tenant_id: f.otherTenantId, name: 'Outsider status' } }),
    201,
  );
  expect((await auditOf(t, 'tenant.updated')).at(-1)?.details).toMatchObject({ fields: ['setupChanges'] });

  expect(expectStatus<Tenant>(await setSetupChanges('everyone'), 200).setup_changes).toBe('everyone');
  expectStatus(await t.request({ method: 'PUT', url: `/api/v1/crm/status-options/${newStatus.id}`, token: f.staff, body: { name: 'New' } }), 200);
});

test('only admins set who may change the setup, and only to a known value', async () => {
  expect((await setSetupChanges('nobody')).json().detail).toMatch(/^setup_changes: /);
  expect((await setSetupChanges('nobody')).statusCode).toBe(400);
  const staffTry = await t.request({ method: 'PUT', url: `/api/v1/crm/tenants/${f.demoTenantId}`, token: f.staff, body: { setup_changes: 'everyone' } });
  expect(staffTry.statusCode).toBe(403);
});
