import { DEFAULT_STAGE_COLOR, STAGE_NAME_REQUIRED, pipelineStageListSchema, pipelineStageSchema, type PipelineStage } from '@app/shared/contracts';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

const url = '/api/v1/crm/pipeline-stage-options';
const list = async (tenantId: string, token = f.staff) =>
  pipelineStageListSchema.parse(expectStatus(await t.request({ url: `${url}?tenant_id=${tenantId}`, token }), 200));

async function create(body: Record<string, unknown>): Promise<PipelineStage> {
  return pipelineStageSchema.parse(expectStatus(await t.request({ method: 'POST', url, token: f.staff, body: { tenant_id: f.demoTenantId, ...body } }), 201));
}

test('a new tenant starts with the default stages, each with a colour', async () => {
  const stages = await list(f.otherTenantId, f.outsider);
  expect(stages.map((s) => s.name)).toEqual(['New', 'Contacted', 'Qualified', 'Proposal', 'Negotiation', 'Won', 'Lost']);
  expect(stages.every((s) => /^#[0-9A-F]{6}$/.test(s.color) && s.is_active)).toBe(true);
  expect(stages[0].color).toBe(DEFAULT_STAGE_COLOR);
});

test('creates with the default colour #6B7280 and sort_order 0; colours are kept in upper case', async () => {
  expect(await create({ name: 'Demo booked' })).toMatchObject({ color: DEFAULT_STAGE_COLOR, sort_order: 0, is_active: true, description: null });
  expect((await create({ name: 'Trial', color: '#10b981', sort_order: '4' })).color).toBe('#10B981');
  const badColour = await t.request({ method: 'POST', url, token: f.staff, body: { tenant_id: f.demoTenantId, name: 'Bad', color: 'green' } });
  expect(badColour.statusCode).toBe(400);
  expect(badColour.json().detail).toMatch(/^color: /);
  const blank = await t.request({ method: 'POST', url, token: f.staff, body: { tenant_id: f.demoTenantId, name: '' } });
  expect(blank.json()).toEqual({ detail: STAGE_NAME_REQUIRED });
});

test('PUT changes name, description and sort_order; fields left out keep their value', async () => {
  const stage = await create({ name: 'Pilot', description: 'first', color: '#F59E0B' });
  const updated = expectStatus<PipelineStage>(
    await t.request({ method: 'PUT', url: `${url}/${stage.id}`, token: f.staff, body: { name: 'Pilot 2', description: 'second', sort_order: 8 } }),
    200,
  );
  expect(updated).toMatchObject({ name: 'Pilot 2', description: 'second', sort_order: 8, color: '#F59E0B' });
  const inactive = expectStatus<PipelineStage>(await t.request({ method: 'PUT', url: `${url}/${stage.id}`, token: f.staff, body: { is_active: false } }), 200);
  expect(inactive).toMatchObject({ name: 'Pilot 2', is_active: false });
});

test('deleting a stage leaves its prospects without one (grey badge)', async () => {
  const stage = await create({ name: 'Temporary', color: '#EF4444' });
  const prospect = expectStatus<{ id: string; pipeline_stage_color: string }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects',
      token: f.staff,
      body: { tenant_id: f.demoTenantId, name: 'Staged', phone1: '+1 555 022 2222', pipeline_stage_id: stage.id },
    }),
    201,
  );
  expect(prospect.pipeline_stage_color).toBe('#EF4444');
  expectStatus(await t.request({ method: 'DELETE', url: `${url}/${stage.id}`, token: f.staff }), 200);
  const after = expectStatus(await t.request({ url: `/api/v1/crm/prospects/${prospect.id}`, token: f.staff }), 200);
  expect(after).toMatchObject({ pipeline_stage_id: null, pipeline_stage_name: null, pipeline_stage_color: DEFAULT_STAGE_COLOR });
});

test('another tenant cannot list, create, change or delete the stages of the demo tenant', async () => {
  const target = await create({ name: 'Guarded' });
  const before = await list(f.demoTenantId);
  expect((await t.request({ url: `${url}?tenant_id=${f.demoTenantId}`, token: f.outsider })).statusCode).toBe(403);
  expect((await t.request({ method: 'POST', url, token: f.outsider, body: { tenant_id: f.demoTenantId, name: 'Intruder' } })).statusCode).toBe(403);
  const put = await t.request({ method: 'PUT', url: `${url}/${target.id}`, token: f.outsider, body: { name: 'Hacked' } });
  expect(put.statusCode).toBe(404);
  expect(put.json()).toEqual({ detail: 'Pipeline stage not found.' });
  expect((await t.request({ method: 'DELETE', url: `${url}/${target.id}`, token: f.outsider })).statusCode).toBe(404);
  expect(await list(f.demoTenantId)).toEqual(before);
});
