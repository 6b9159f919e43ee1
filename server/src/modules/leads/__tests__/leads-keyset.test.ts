import { leadListResponseSchema, leadSchema, type Lead, type LeadListResponse, type PipelineStage } from '@app/shared/contracts';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let f: CrmFixture;
let stages: Record<string, PipelineStage>;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  const list = expectStatus<PipelineStage[]>(await t.request({ url: `/api/v1/crm/pipeline-stage-options?tenant_id=${f.demoTenantId}`, token: f.staff }), 200);
  stages = Object.fromEntries(list.map((s) => [s.name, s]));
});
afterAll(() => t.close());

async function create(name: string, stage: PipelineStage, tenantId = f.demoTenantId): Promise<Lead> {
  const body = { tenant_id: tenantId, name, phone1: `555 ${name}`, pipeline_stage_id: tenantId === f.demoTenantId ? stage.id : undefined };
  return leadSchema.parse(expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/leads', token: f.admin, body }), 201));
}
async function list(query: string, token = f.staff): Promise<LeadListResponse> {
  return leadListResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/leads?tenant_id=${f.demoTenantId}&${query}`, token }), 200));
}

test("a stage's leads come page after page with `after`, each once, newest first, with the stage's total on every page", async () => {
  const made: Lead[] = [];
  for (let i = 0; i < 7; i += 1) made.push(await create(`Keyset ${i}`, stages.Proposal));
  await create('Keyset elsewhere', stages.Won);
  const seen: string[] = [];
  let after = '';
  for (let guard = 0; guard < 10; guard += 1) {
    const page = await list(`pipeline_stage_id=${stages.Proposal.id}&q=keyset&limit=3${after ? `&after=${after}` : ''}`);
    expect(page.pagination.total).toBe(7);
    seen.push(...page.leads.map((lead) => lead.name));
    if (page.leads.length < 3) break;
    after = page.leads[page.leads.length - 1].id;
  }
  expect(seen).toEqual(made.map((lead) => lead.name).reverse());
});

test('a lead moved away while paging does not shift the pages after it', async () => {
  const made: Lead[] = [];
  for (let i = 0; i < 4; i += 1) made.push(await create(`Shift ${i}`, stages.Negotiation));
  const first = await list(`pipeline_stage_id=${stages.Negotiation.id}&q=shift&limit=2`);
  expect(first.leads.map((l) => l.name)).toEqual(['Shift 3', 'Shift 2']);
  const body = { lead_id: made[3].id, pipeline_stage_id: stages.Won.id };
  expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/leads/change-pipeline-stage', token: f.staff, body }), 200);
  const next = await list(`pipeline_stage_id=${stages.Negotiation.id}&q=shift&limit=2&after=${first.leads[1].id}`);
  expect(next.leads.map((l) => l.name)).toEqual(['Shift 1', 'Shift 0']);
  expect(next.pagination.total).toBe(3);
});

test("another tenant's lead as `after` shows nothing of either tenant; a malformed one is a 400", async () => {
  const foreign = await create('Foreign keyset', stages.Proposal, f.otherTenantId);
  expect((await list(`after=${foreign.id}`)).leads).toEqual([]);
  const bad = await t.request({ url: `/api/v1/crm/leads?tenant_id=${f.demoTenantId}&after=x'--`, token: f.staff });
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toEqual({ detail: 'after: must be a valid id' });
});
