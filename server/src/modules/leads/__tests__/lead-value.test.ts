import {
  leadListResponseSchema,
  leadSchema,
  pipelineStageSchema,
  pipelineSummarySchema,
  tenantSchema,
  type Lead,
  type PipelineStage,
  type PipelineSummary,
} from '@app/shared/contracts';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { auditOf } from '../../../testing/owner-users';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let f: CrmFixture;
/** A tenant of its own, so its leads are only this file's. */
let tenantId: string;
let stages: Record<string, PipelineStage>;

beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  const tenant = tenantSchema.parse(
    expectStatus(
      await t.request({
        method: 'POST',
        url: '/api/v1/crm/tenants',
        token: f.admin,
        body: { name: 'Valued Co', domain: 'valued.example.com', currency: 'eur' },
      }),
      201,
    ),
  );
  tenantId = tenant.id;
  const list = expectStatus<PipelineStage[]>(await t.request({ url: `/api/v1/crm/pipeline-stage-options?tenant_id=${tenantId}`, token: f.admin }), 200);
  stages = Object.fromEntries(list.map((stage) => [stage.name, pipelineStageSchema.parse(stage)]));
});
afterAll(() => t.close());

// Each lead its own number: a Phone1 belongs to one company of the tenant.
let phone = 0;
async function post(body: Record<string, unknown>) {
  phone += 1;
  return t.request({
    method: 'POST',
    url: '/api/v1/crm/leads',
    token: f.admin,
    body: { tenant_id: tenantId, name: 'Lead', phone1: `+1 555 010 ${String(phone).padStart(4, '0')}`, ...body },
  });
}
async function create(body: Record<string, unknown>): Promise<Lead> {
  return leadSchema.parse(expectStatus(await post(body), 201));
}
async function list(query: string): Promise<Lead[]> {
  return leadListResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/leads?tenant_id=${tenantId}&limit=100&${query}`, token: f.admin }), 200))
    .leads;
}
async function summary(query = '', token = f.admin, tenant = tenantId): Promise<PipelineSummary> {
  return pipelineSummarySchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/pipeline/summary?tenant_id=${tenant}&${query}`, token }), 200));
}
async function move(lead: Lead, stage: PipelineStage, extra: Record<string, unknown> = {}) {
  return t.request({
    method: 'POST',
    url: '/api/v1/crm/leads/change-pipeline-stage',
    token: f.admin,
    body: { lead_id: lead.id, pipeline_stage_id: stage.id, ...extra },
  });
}

/** Cents of an amount's text, and back: the test's own arithmetic, in integers. */
const cents = (amount: string | null) => (amount === null ? 0n : BigInt(amount.replace('.', '')));
const text = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;

test('the default stages are open, won and lost with rising probabilities; the tenant keeps its currency', async () => {
  expect(Object.values(stages).map((stage) => [stage.name, stage.kind, stage.probability])).toEqual([
    ['New', 'open', 10],
    ['Contacted', 'open', 20],
    ['Qualified', 'open', 40],
    ['Proposal', 'open', 60],
    ['Negotiation', 'open', 80],
    ['Won', 'won', 100],
    ['Lost', 'lost', 0],
  ]);
  expect((await summary()).currency).toBe('EUR');
  const bad = await t.request({ method: 'PUT', url: `/api/v1/crm/tenants/${tenantId}`, token: f.admin, body: { currency: 'EURO' } });
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toEqual({ detail: 'currency: must be a three-letter ISO 4217 code, such as USD' });
  expect((await t.request({ method: 'PUT', url: `/api/v1/crm/tenants/${tenantId}`, token: f.admin, body: { currency: 'XYZ' } })).statusCode).toBe(400);
  const changed = tenantSchema.parse(
    expectStatus(await t.request({ method: 'PUT', url: `/api/v1/crm/tenants/${tenantId}`, token: f.admin, body: { currency: 'GBP' } }), 200),
  );
  expect(changed.currency).toBe('GBP');
  expect((await summary()).currency).toBe('GBP');
  // Staff may not change a tenant's currency.
  expect((await t.request({ method: 'PUT', url: `/api/v1/crm/tenants/${f.demoTenantId}`, token: f.staff, body: { currency: 'EUR' } })).statusCode).toBe(403);
});

test('a lead keeps its value to the cent, its close date, and the stage probability unless it gives its own', async () => {
  const lead = await create({ name: 'Worth', value: 1500.5, expected_close_date: '2027-03-31', pipeline_stage_id: stages.Proposal.id });
  expect(lead).toMatchObject({
    value: '1500.50',
    expected_close_date: '2027-03-31',
    probability: 60,
    own_probability: null,
    stage_probability: 60,
    won_at: null,
    lost_at: null,
    lost_reason: null,
  });
  const own = await create({ name: 'Own chance', value: '999999999999.99', probability: 35 });
  expect(own).toMatchObject({ value: '999999999999.99', probability: 35, own_probability: 35, stage_probability: 10 });
  const edited = leadSchema.parse(
    expectStatus(await t.request({ method: 'PUT', url: `/api/v1/crm/leads/${own.id}`, token: f.admin, body: { value: null, probability: null } }), 200),
  );
  expect(edited).toMatchObject({ value: null, probability: 10, own_probability: null, stage_probability: 10, name: 'Own chance' });
  // The list writes the same fields as the record.
  expect(await list('q=worth')).toEqual([lead]);
});

test('a value written with thousands separators is kept as its number, on create and on edit', async () => {
  const lead = await create({ name: 'Grouped', value: '1,500.50' });
  expect(lead.value).toBe('1500.50');
  const edited = leadSchema.parse(
    expectStatus(await t.request({ method: 'PUT', url: `/api/v1/crm/leads/${lead.id}`, token: f.admin, body: { value: '12,000,000' } }), 200),
  );
  expect(edited.value).toBe('12000000.00');
});

test.each([
  [-1, 'value: must be a non-negative amount, such as 1500 or 1,500.50'],
  [1e12 + 0.01, 'value: must be at most 1000000000000'],
  ['1000000000001', 'value: must be at most 1000000000000'],
  [1.005, 'value: must have at most 2 decimals'],
  ['12.345', 'value: must have at most 2 decimals'],
  ['NaN', 'value: must be a non-negative amount, such as 1500 or 1,500.50'],
  ['Infinity', 'value: must be a non-negative amount, such as 1500 or 1,500.50'],
  ['1e5', 'value: must be a non-negative amount, such as 1500 or 1,500.50'],
  ['12\u0000', 'value: must not contain NUL characters, unpaired UTF-16 surrogates or bidirectional control characters'],
  [true, 'value: must be a non-negative amount, such as 1500 or 1,500.50'],
  [{ amount: 5 }, 'value: must be a non-negative amount, such as 1500 or 1,500.50'],
  [[5], 'value: must be a non-negative amount, such as 1500 or 1,500.50'],
  ['1,50', 'value: commas may only separate thousands, as in 1,500.50 (the decimal point is a dot)'],
  ['1.500,50', 'value: commas may only separate thousands, as in 1,500.50 (the decimal point is a dot)'],
])('a value of %j answers 400: %s', async (value, detail) => {
  const response = await post({ value });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ detail });
});

test('bad close dates and probabilities answer 400 with detail', async () => {
  for (const [body, detail] of [
    [{ expected_close_date: '2027-02-30' }, 'expected_close_date: must be a date (YYYY-MM-DD)'],
    [{ expected_close_date: 'soon' }, 'expected_close_date: must be a date (YYYY-MM-DD)'],
    [{ probability: 101 }, 'probability: must be a whole number from 0 to 100'],
    [{ probability: 12.5 }, 'probability: must be a whole number from 0 to 100'],
    [{ probability: '50' }, 'probability: must be a whole number from 0 to 100'],
  ] as const) {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  }
  const stage = await t.request({ method: 'PUT', url: `/api/v1/crm/pipeline-stage-options/${stages.New.id}`, token: f.admin, body: { kind: 'maybe' } });
  expect(stage.json()).toEqual({ detail: 'kind: must be one of open, won, lost' });
  const sort = await t.request({ url: `/api/v1/crm/leads?tenant_id=${tenantId}&sort=price`, token: f.admin });
  expect(sort.json()).toEqual({ detail: 'sort: must be one of newest, value_desc, value_asc, close_date_asc, close_date_desc' });
});

test('the list sorts by value and by expected close date, empty ones last', async () => {
  const a = await create({ name: 'Sort A', value: 300, expected_close_date: '2027-06-01' });
  const b = await create({ name: 'Sort B', value: 20.5, expected_close_date: '2027-01-15' });
  const c = await create({ name: 'Sort C' });
  const d = await create({ name: 'Sort D', value: 4000, expected_close_date: '2027-03-01' });
  const names = async (sort: string) => (await list(`q=sort&sort=${sort}`)).map((lead) => lead.name);
  expect(await names('value_desc')).toEqual(['Sort D', 'Sort A', 'Sort B', 'Sort C']);
  expect(await names('value_asc')).toEqual(['Sort B', 'Sort A', 'Sort D', 'Sort C']);
  expect(await names('close_date_asc')).toEqual(['Sort B', 'Sort D', 'Sort A', 'Sort C']);
  expect(await names('close_date_desc')).toEqual(['Sort A', 'Sort D', 'Sort B', 'Sort C']);
  expect(await names('newest')).toEqual(['Sort D', 'Sort C', 'Sort B', 'Sort A']);
  expect([a, b, c, d].map((lead) => lead.value)).toEqual(['300.00', '20.50', null, '4000.00']);
});

test('entering a lost stage keeps the reason and when; won and open stages clear them', async () => {
  const lead = await create({ name: 'Outcome', value: 100 });
  const long = await move(lead, stages.Lost, { lost_reason: 'x'.repeat(501) });
  expect(long.json()).toEqual({ detail: 'lost_reason: must be at most 500 characters' });
  const lost = leadSchema.parse(expectStatus(await move(lead, stages.Lost, { lost_reason: ' Went with a cheaper offer ' }), 200));
  expect(lost).toMatchObject({ lost_reason: 'Went with a cheaper offer', won_at: null, probability: 0 });
  expect(Date.now() - Date.parse(lost.lost_at!)).toBeLessThan(60_000);
  const won = leadSchema.parse(expectStatus(await move(lead, stages.Won, { lost_reason: 'ignored' }), 200));
  expect(won).toMatchObject({ lost_reason: null, lost_at: null, probability: 100 });
  expect(won.won_at).not.toBeNull();
  const open = leadSchema.parse(expectStatus(await move(lead, stages.Qualified), 200));
  expect(open).toMatchObject({ lost_reason: null, lost_at: null, won_at: null });
  // Added straight into a won stage: won from the start.
  expect((await create({ name: 'Born won', pipeline_stage_id: stages.Won.id })).won_at).not.toBeNull();
});

test('the summary adds count and value per stage, and the pipeline of open deals with its weighted value, to the cent, as the rows say', async () => {
  const values = ['0.01', '0.05', '19.99', '123456789.45', '333.33', '1000000000000.00', '7.77', '0.50', '640.00'];
  const stageNames = ['New', 'Contacted', 'Proposal', 'Negotiation', 'Won', 'Lost', 'Proposal', 'Qualified', 'Won'];
  // Their own probabilities: one open deal's, and a won and a lost deal's (which count as 100 and 0).
  const own: Record<number, number> = { 3: 33, 5: 80, 8: 50 };
  for (const [i, value] of values.entries()) {
    await create({ name: `Summed ${i}`, value, pipeline_stage_id: stages[stageNames[i]].id, ...(i in own ? { probability: own[i] } : {}) });
  }
  await create({ name: 'Summed none', pipeline_stage_id: stages.Proposal.id });
  const byId = new Map(Object.values(stages).map((stage) => [stage.id, stage]));
  const kindOf = (lead: Lead) => byId.get(lead.pipeline_stage_id ?? '')?.kind ?? 'open';
  /** The probability the rule gives, from the rows: won 100, lost 0, else the lead's own or its stage's. */
  const chance = (lead: Lead) => ({ won: 100, lost: 0, open: lead.own_probability ?? byId.get(lead.pipeline_stage_id ?? '')?.probability ?? 0 })[kindOf(lead)];
  const weighted = (lead: Lead) => (cents(lead.value) * BigInt(chance(lead)) + 50n) / 100n;
  const sum = (of: Lead[]) => text(of.reduce((total, lead) => total + cents(lead.value), 0n));
  // Every lead of the tenant, as the list gives them: the figures are checked against these rows.
  const rows = await list('');
  const check = (figures: PipelineSummary, of: Lead[]) => {
    for (const lead of of) expect([lead.name, lead.probability]).toEqual([lead.name, chance(lead)]);
    for (const stage of figures.stages) {
      const inStage = of.filter((lead) => lead.pipeline_stage_id === stage.pipeline_stage_id);
      expect(stage).toEqual({
        pipeline_stage_id: stage.pipeline_stage_id,
        count: inStage.length,
        value: sum(inStage),
        weighted_value: byId.get(stage.pipeline_stage_id)!.kind === 'open' ? text(inStage.reduce((total, lead) => total + weighted(lead), 0n)) : null,
      });
    }
    const open = of.filter((lead) => kindOf(lead) === 'open');
    expect(figures.pipeline).toEqual({ count: open.length, value: sum(open), weighted_value: text(open.reduce((total, lead) => total + weighted(lead), 0n)) });
    for (const kind of ['won', 'lost'] as const) {
      const closed = of.filter((lead) => kindOf(lead) === kind);
      expect(figures[kind]).toEqual({ count: closed.length, value: sum(closed) });
    }
  };
  const all = await summary();
  expect(all.stages.map((stage) => stage.pipeline_stage_id)).toEqual(Object.values(stages).map((stage) => stage.id));
  check(all, rows);
  expect(all.pipeline.count + all.won.count + all.lost.count).toBe(rows.length);
  const searched = await summary('q=summed');
  check(searched, await list('q=summed'));
  // The trillion in Lost and the won deals are outside the pipeline.
  expect(searched.pipeline).toEqual({ count: 7, value: '123456817.77', weighted_value: '40740757.38' });
  expect(searched.won).toEqual({ count: 2, value: '973.33' });
  expect(searched.lost).toEqual({ count: 1, value: '1000000000000.00' });
  // A weighted value that is not a whole cent rounds half up: 0.05 at 10% is 0.01, 0.01 at 20% is 0.00.
  expect(searched.stages.find((stage) => stage.pipeline_stage_id === stages.New.id)).toMatchObject({ count: 1, value: '0.01', weighted_value: '0.00' });
  expect(searched.stages.find((stage) => stage.pipeline_stage_id === stages.Contacted.id)).toMatchObject({ value: '0.05', weighted_value: '0.01' });
  expect(searched.stages.find((stage) => stage.pipeline_stage_id === stages.Negotiation.id)).toMatchObject({ weighted_value: '40740740.52' });
  expect(searched.stages.find((stage) => stage.pipeline_stage_id === stages.Won.id)).toMatchObject({ count: 2, value: '973.33', weighted_value: null });
});

test("another tenant's summary answers 403; a bad query 400", async () => {
  expect((await t.request({ url: `/api/v1/crm/pipeline/summary?tenant_id=${tenantId}`, token: f.outsider })).statusCode).toBe(403);
  expect((await t.request({ url: `/api/v1/crm/pipeline/summary?tenant_id=nope`, token: f.admin })).json()).toEqual({
    detail: 'tenant_id: a valid tenant id is required',
  });
  // The outsider's own tenant sums only its own leads.
  expect(await summary('', f.outsider, f.otherTenantId)).toMatchObject({
    pipeline: { count: 0, value: '0.00', weighted_value: '0.00' },
    won: { count: 0, value: '0.00' },
    lost: { count: 0, value: '0.00' },
  });
});

test("a lead's edit is audited with the probability the figures use and the one a user set, each before and after", async () => {
  const lead = await create({ name: 'Audited Value', phone1: '+1 555 010 7001', value: 1000, pipeline_stage_id: stages.Negotiation.id });
  const edit = async (body: Record<string, unknown>) => {
    expectStatus(await t.request({ method: 'PUT', url: `/api/v1/crm/leads/${lead.id}`, token: f.admin, body }), 200);
    return (await auditOf(t, 'lead.updated')).at(-1)!.details as Record<string, unknown>;
  };
  const stage = stages.Negotiation.probability;
  expect(await edit({ value: '1,500' })).toMatchObject({
    value: { from: '1000.00', to: '1500.00' },
    probability: { from: stage, to: stage },
    own_probability: { from: null, to: null },
  });
  expect(await edit({ probability: 35 })).toMatchObject({ probability: { from: stage, to: 35 }, own_probability: { from: null, to: 35 } });
});
