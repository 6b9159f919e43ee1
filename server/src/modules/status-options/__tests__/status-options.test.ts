import { STATUS_NAME_REQUIRED, statusOptionListSchema, statusOptionSchema, type StatusOption } from '@app/shared/contracts';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

const list = async (tenantId: string, token = f.staff) =>
  statusOptionListSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/status-options?tenant_id=${tenantId}`, token }), 200));

async function create(body: Record<string, unknown>, token = f.staff): Promise<StatusOption> {
  return statusOptionSchema.parse(
    expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/status-options', token, body: { tenant_id: f.demoTenantId, ...body } }), 201),
  );
}

test('a new tenant starts with the default statuses, by sort order, with their flags', async () => {
  const statuses = await list(f.otherTenantId, f.outsider);
  expect(statuses.map((s) => [s.name, s.converts_to_lead, s.removes_from_prospects, s.is_active])).toEqual([
    ['New', false, false, true],
    ['No Answer', false, false, true],
    ['Call Back', false, false, true],
    ['Interested', true, false, true],
    ['Not Interested', false, true, true],
    ['Do Not Call', false, true, true],
  ]);
  expect(statuses.map((s) => s.sort_order)).toEqual([0, 1, 2, 3, 4, 5]);
  expect(statuses.every((s) => s.tenant_id === f.otherTenantId)).toBe(true);
});

test('creates with defaults (sort_order 0, active, no flags); sort_order falls back to 0 when not a number', async () => {
  const status = await create({ name: '  Voicemail  ', description: '' });
  expect(status).toMatchObject({
    name: 'Voicemail',
    description: null,
    sort_order: 0,
    is_active: true,
    converts_to_lead: false,
    removes_from_prospects: false,
  });
  const odd = await create({ name: 'Odd order', sort_order: 'abc' });
  expect(odd.sort_order).toBe(0);
  const parsed = await create({ name: 'Parsed order', sort_order: '7' });
  expect(parsed.sort_order).toBe(7);
});

test('a missing name answers the sentence the dialog shows; a duplicate name is 409', async () => {
  const blank = await t.request({ method: 'POST', url: '/api/v1/crm/status-options', token: f.staff, body: { tenant_id: f.demoTenantId, name: '  ' } });
  expect(blank.statusCode).toBe(400);
  expect(blank.json()).toEqual({ detail: STATUS_NAME_REQUIRED });
  const duplicate = await t.request({ method: 'POST', url: '/api/v1/crm/status-options', token: f.staff, body: { tenant_id: f.demoTenantId, name: 'new' } });
  expect(duplicate.statusCode).toBe(409);
  const noTenant = await t.request({ method: 'POST', url: '/api/v1/crm/status-options', token: f.staff, body: { name: 'x' } });
  expect(noTenant.statusCode).toBe(400);
  expect(noTenant.json().detail).toMatch(/tenant_id/);
});

test('PUT accepts a partial body (the dialog sends only the name) and every field including both flags', async () => {
  const status = await create({ name: 'Rename me', description: 'kept', sort_order: 3 });
  const renamed = expectStatus<StatusOption>(
    await t.request({ method: 'PUT', url: `/api/v1/crm/status-options/${status.id}`, token: f.staff, body: { name: 'Renamed' } }),
    200,
  );
  expect(renamed).toMatchObject({ name: 'Renamed', description: 'kept', sort_order: 3 });
  const full = expectStatus<StatusOption>(
    await t.request({
      method: 'PUT',
      url: `/api/v1/crm/status-options/${status.id}`,
      token: f.staff,
      body: { name: 'Renamed', description: 'changed', sort_order: 9, is_active: false, converts_to_lead: true, removes_from_prospects: true },
    }),
    200,
  );
  expect(full).toMatchObject({ description: 'changed', sort_order: 9, is_active: false, converts_to_lead: true, removes_from_prospects: true });
  const blank = await t.request({ method: 'PUT', url: `/api/v1/crm/status-options/${status.id}`, token: f.staff, body: { name: '' } });
  expect(blank.statusCode).toBe(400);
  expect(blank.json()).toEqual({ detail: STATUS_NAME_REQUIRED });
});

test('deleting a status in use leaves its prospects without a status', async () => {
  const status = await create({ name: 'Short lived' });
  const prospect = expectStatus<{ id: string }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects',
      token: f.staff,
      body: { tenant_id: f.demoTenantId, name: 'Uses it', phone1: '+1 555 011 1111', status_id: status.id },
    }),
    201,
  );
  expect(expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/status-options/${status.id}`, token: f.staff }), 200)).toEqual({
    message: 'Status option deleted.',
  });
  const after = expectStatus<{ status_id: string | null; status_name: string | null }>(
    await t.request({ url: `/api/v1/crm/prospects/${prospect.id}`, token: f.staff }),
    200,
  );
  expect(after).toMatchObject({ status_id: null, status_name: null });
  expect((await t.request({ method: 'DELETE', url: `/api/v1/crm/status-options/${status.id}`, token: f.staff })).statusCode).toBe(404);
});

describe('another tenant', () => {
  test('cannot list, create, change or delete the status options of the demo tenant', async () => {
    const target = await create({ name: 'Protected', description: 'original' });
    const before = await list(f.demoTenantId);

    const read = await t.request({ url: `/api/v1/crm/status-options?tenant_id=${f.demoTenantId}`, token: f.outsider });
    expect(read.statusCode).toBe(403);
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/crm/status-options',
      token: f.outsider,
      body: { tenant_id: f.demoTenantId, name: 'Intruder' },
    });
    expect(created.statusCode).toBe(403);
    const updated = await t.request({
      method: 'PUT',
      url: `/api/v1/crm/status-options/${target.id}`,
      token: f.outsider,
      body: { name: 'Hacked', tenant_id: f.otherTenantId },
    });
    expect(updated.statusCode).toBe(404);
    expect(updated.json()).toEqual({ detail: 'Status option not found.' });
    const deleted = await t.request({ method: 'DELETE', url: `/api/v1/crm/status-options/${target.id}`, token: f.outsider });
    expect(deleted.statusCode).toBe(404);

    expect(await list(f.demoTenantId)).toEqual(before);
  });

  test('admins may manage every tenant; anonymous calls are 401', async () => {
    const other = await list(f.otherTenantId, f.admin);
    expect(other).toHaveLength(6);
    const created = expectStatus<StatusOption>(
      await t.request({ method: 'POST', url: '/api/v1/crm/status-options', token: f.admin, body: { tenant_id: f.otherTenantId, name: 'By admin' } }),
      201,
    );
    expect(created.tenant_id).toBe(f.otherTenantId);
    expect((await t.request({ url: `/api/v1/crm/status-options?tenant_id=${f.demoTenantId}` })).statusCode).toBe(401);
  });
});
