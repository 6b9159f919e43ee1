import { leadListResponseSchema, leadSchema, type Lead, type LeadListResponse, type PipelineStage } from '@app/shared/contracts';
import { createCrmFixture, demoStagesByName, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let f: CrmFixture;
let stages: Record<string, PipelineStage>;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  stages = await demoStagesByName(t, f);
});
afterAll(() => t.close());

async function create(body: Record<string, unknown>, tenantId = f.demoTenantId, token = f.staff): Promise<Lead> {
  return leadSchema.parse(expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/leads', token, body: { tenant_id: tenantId, ...body } }), 201));
}
async function list(query = '', tenantId = f.demoTenantId, token = f.staff): Promise<LeadListResponse> {
  return leadListResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/leads?tenant_id=${tenantId}&${query}`, token }), 200));
}

test('the add-lead dialog sends name, phone1 and tenant_id; the lead starts in the first stage', async () => {
  const lead = await create({ name: ' Direct Lead ', phone1: ' (800) 555-0123 ' });
  expect(lead).toMatchObject({
    tenant_id: f.demoTenantId,
    name: 'Direct Lead',
    phone1: '(800) 555-0123',
    phone1_e164: '+18005550123',
    prospect_id: null,
    assigned_to: null,
    pipeline_stage_name: 'New',
    status_id: null,
  });
  const full = await create({ name: 'Full Lead', phone1: '(800) 555-0124', email: 'full@example.com', city: 'Rome', pipeline_stage_id: stages.Proposal.id });
  expect(full).toMatchObject({ email: 'full@example.com', city: 'Rome', pipeline_stage_name: 'Proposal', pipeline_stage_color: stages.Proposal.color });
  expect((await list('q=full%20lead')).leads).toEqual([full]);
  const missing = await t.request({ method: 'POST', url: '/api/v1/crm/leads', token: f.staff, body: { tenant_id: f.demoTenantId, name: 'No phone' } });
  expect(missing.statusCode).toBe(400);
  expect(missing.json()).toEqual({ detail: 'phone1: Phone1 is required' });
  const words = await t.request({
    method: 'POST',
    url: '/api/v1/crm/leads',
    token: f.staff,
    body: { tenant_id: f.demoTenantId, name: 'Words', phone1: 'call me maybe' },
  });
  expect(words.statusCode).toBe(400);
  expect(words.json()).toEqual({ detail: 'phone1: must be a valid phone number' });
});

test('lists newest first with the total; q searches name, email and phone1; the stage filters', async () => {
  for (let i = 1; i <= 25; i++) await create({ name: `Listed ${i}`, phone1: `+1 555 777 ${1000 + i}`, email: `listed${i}@leads.example.com` });
  const page = await list('q=listed');
  expect(page.pagination).toEqual({ total: 25, page: 1, limit: 20 });
  expect(page.leads[0].name).toBe('Listed 25');
  expect((await list('q=listed&page=2')).leads).toHaveLength(5);
  expect((await list('q=LISTED7%40LEADS')).leads.map((l) => l.name)).toEqual(['Listed 7']);
  expect((await list('q=777%201013')).leads.map((l) => l.name)).toEqual(['Listed 13']);
  expect((await list(`pipeline_stage_id=${stages.Proposal.id}`)).leads.map((l) => l.name)).toEqual(['Full Lead']);
  const tooMany = await t.request({ url: `/api/v1/crm/leads?tenant_id=${f.demoTenantId}&limit=101`, token: f.staff });
  expect(tooMany.json()).toEqual({ detail: 'limit: must be at most 100' });
});

test('change-pipeline-stage answers the updated lead; the stage must be of its tenant', async () => {
  const lead = await create({ name: 'Stage me', phone1: '+1 555 020 0005' });
  const moved = leadSchema.parse(
    expectStatus(
      await t.request({
        method: 'POST',
        url: '/api/v1/crm/leads/change-pipeline-stage',
        token: f.staff,
        body: { lead_id: lead.id, pipeline_stage_id: stages.Won.id, notes: 'Signed' },
      }),
      200,
    ),
  );
  expect(moved).toMatchObject({ id: lead.id, pipeline_stage_id: stages.Won.id, pipeline_stage_name: 'Won', pipeline_stage_color: stages.Won.color });
  // The list's row is the record the change answered, field for field.
  expect((await list('q=stage%20me')).leads).toEqual([moved]);
  const otherStage = expectStatus<PipelineStage[]>(
    await t.request({ url: `/api/v1/crm/pipeline-stage-options?tenant_id=${f.otherTenantId}`, token: f.outsider }),
    200,
  )[0];
  const foreign = await t.request({
    method: 'POST',
    url: '/api/v1/crm/leads/change-pipeline-stage',
    token: f.staff,
    body: { lead_id: lead.id, pipeline_stage_id: otherStage.id },
  });
  expect(foreign.statusCode).toBe(400);
  expect(foreign.json()).toEqual({ detail: 'pipeline_stage_id: Pipeline stage not found.' });
  const missing = await t.request({ method: 'POST', url: '/api/v1/crm/leads/change-pipeline-stage', token: f.staff, body: { lead_id: lead.id } });
  expect(missing.json()).toEqual({ detail: 'Please select a pipeline stage to update the lead.' });
});

test('DELETE removes a lead; 404 afterwards', async () => {
  const lead = await create({ name: 'Delete me', phone1: '+1 555 020 0006' });
  expect(expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/leads/${lead.id}`, token: f.staff }), 200)).toEqual({ message: 'Lead deleted.' });
  expect((await list('q=delete%20me')).pagination.total).toBe(0);
  expect((await t.request({ method: 'DELETE', url: `/api/v1/crm/leads/${lead.id}`, token: f.staff })).statusCode).toBe(404);
});

test("a user of another tenant cannot list, add to, move or delete the demo tenant's leads", async () => {
  const lead = await create({ name: 'Guarded Lead', phone1: '+1 555 020 0007' });
  const before = await list('q=guarded');

  expect((await t.request({ url: `/api/v1/crm/leads?tenant_id=${f.demoTenantId}`, token: f.outsider })).statusCode).toBe(403);
  expect(
    (
      await t.request({
        method: 'POST',
        url: '/api/v1/crm/leads',
        token: f.outsider,
        body: { tenant_id: f.demoTenantId, name: 'Planted', phone1: '+1 555 020 0008' },
      })
    ).statusCode,
  ).toBe(403);
  const move = await t.request({
    method: 'POST',
    url: '/api/v1/crm/leads/change-pipeline-stage',
    token: f.outsider,
    body: { lead_id: lead.id, pipeline_stage_id: stages.Lost.id },
  });
  expect(move.statusCode).toBe(404);
  expect(move.json()).toEqual({ detail: 'Lead not found.' });
  expect((await t.request({ method: 'DELETE', url: `/api/v1/crm/leads/${lead.id}`, token: f.outsider })).statusCode).toBe(404);

  expect(await list('q=guarded')).toEqual(before);
  expect((await list('q=planted')).pagination.total).toBe(0);
  // Their own tenant works, and shows none of the demo leads.
  await create({ name: 'Their lead', phone1: '+1 555 020 0009' }, f.otherTenantId, f.outsider);
  expect((await list('', f.otherTenantId, f.outsider)).leads.map((l) => l.name)).toEqual(['Their lead']);
});

test('PUT changes only the fields sent; the rules of the add dialog apply; another tenant gets 404', async () => {
  const lead = await create({ name: 'Editable Lead', phone1: '(800) 555-0555', city: 'Rome', email: 'edit@example.com' });
  const put = (id: string, body: Record<string, unknown>, token = f.staff) => t.request({ method: 'PUT', url: `/api/v1/crm/leads/${id}`, token, body });
  const edited = leadSchema.parse(expectStatus(await put(lead.id, { name: ' Edited Lead ', city: '' }), 200));
  expect(edited).toMatchObject({
    id: lead.id,
    name: 'Edited Lead',
    city: null,
    email: 'edit@example.com',
    phone1: '(800) 555-0555',
    pipeline_stage_id: lead.pipeline_stage_id,
  });
  expect((await list('q=edited%20lead')).leads).toEqual([edited]);

  expect((await put(lead.id, { name: ' ' })).json()).toEqual({ detail: 'name: Company name is required' });
  expect((await put(lead.id, { email: 'nope' })).json()).toEqual({ detail: 'email: must be a valid email address' });
  const foreign = await put(lead.id, { name: 'Taken over' }, f.outsider);
  expect(foreign.statusCode).toBe(404);
  expect(foreign.json()).toEqual({ detail: 'Lead not found.' });
  expect((await put('00000000-0000-4000-8000-000000000000', { name: 'Ghost' })).statusCode).toBe(404);
  expect((await list('q=edited%20lead')).leads[0]!.name).toBe('Edited Lead');
});

test('GET one lead answers it; another tenant and an unknown id get 404', async () => {
  const lead = await create({ name: 'Fetched Lead', phone1: '(800) 555-0556', email: 'fetched@example.com', address: '9 Quay Street' });
  expect(leadSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/leads/${lead.id}`, token: f.staff }), 200))).toEqual(lead);
  expect((await t.request({ url: `/api/v1/crm/leads/${lead.id}`, token: f.outsider })).json()).toEqual({ detail: 'Lead not found.' });
  expect((await t.request({ url: '/api/v1/crm/leads/00000000-0000-4000-8000-000000000000', token: f.staff })).statusCode).toBe(404);
});

let leadPhone = 0;
async function createInStage(name: string, stage: PipelineStage, tenantId = f.demoTenantId): Promise<Lead> {
  const body = {
    tenant_id: tenantId,
    name,
    phone1: `+1 555 030 ${String((leadPhone += 1)).padStart(4, '0')}`,
    pipeline_stage_id: tenantId === f.demoTenantId ? stage.id : undefined,
  };
  return leadSchema.parse(expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/leads', token: f.admin, body }), 201));
}
test("a stage's leads come page after page with `after`, each once, newest first, with the stage's total on every page", async () => {
  const made: Lead[] = [];
  for (let i = 0; i < 7; i += 1) made.push(await createInStage(`Keyset ${i}`, stages.Proposal));
  await createInStage('Keyset elsewhere', stages.Won);
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
  for (let i = 0; i < 4; i += 1) made.push(await createInStage(`Shift ${i}`, stages.Negotiation));
  const first = await list(`pipeline_stage_id=${stages.Negotiation.id}&q=shift&limit=2`);
  expect(first.leads.map((l) => l.name)).toEqual(['Shift 3', 'Shift 2']);
  const body = { lead_id: made[3].id, pipeline_stage_id: stages.Won.id };
  expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/leads/change-pipeline-stage', token: f.staff, body }), 200);
  const next = await list(`pipeline_stage_id=${stages.Negotiation.id}&q=shift&limit=2&after=${first.leads[1].id}`);
  expect(next.leads.map((l) => l.name)).toEqual(['Shift 1', 'Shift 0']);
  expect(next.pagination.total).toBe(3);
});

test("another tenant's lead as `after` shows nothing of either tenant; a malformed one is a 400", async () => {
  const foreign = await createInStage('Foreign keyset', stages.Proposal, f.otherTenantId);
  expect((await list(`after=${foreign.id}`)).leads).toEqual([]);
  const bad = await t.request({ url: `/api/v1/crm/leads?tenant_id=${f.demoTenantId}&after=x'--`, token: f.staff });
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toEqual({ detail: 'after: must be a valid id' });
});

test('a search typed in decomposed Unicode (an accent as its own mark) finds what the composed one finds', async () => {
  await create({ name: 'Crème Lead', phone1: '+1 555 310 0002' });
  for (const q of ['Crème', 'Cre\u0300me'])
    expect({ q, found: (await list(`q=${encodeURIComponent(q)}`)).leads.map((l) => l.name) }).toEqual({ q, found: ['Crème Lead'] });
});
