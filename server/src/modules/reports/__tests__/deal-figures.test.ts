import {
  funnelReportSchema,
  leadListResponseSchema,
  leadSchema,
  pipelineReportSchema,
  pipelineSummarySchema,
  type ChangeStatusResponse,
  type Lead,
  type PipelineStage,
  type Prospect,
  type StatusOption,
  type Tenant,
  wonLostReportSchema,
} from '@app/shared/contracts';
import { eq, sql } from 'drizzle-orm';
import { leads, prospects, teamMembers, teams } from '../../../db/schema';
import { localDate } from '../../../lib/today';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { ownerUser } from '../../../testing/owner-users';
import { createTestApp, type TestApp } from '../../../testing/test-app';

/*
 * Every deal figure against the rows this file makes through the API: open, won and lost deals, set
 * and default probabilities, deals moved between stages (also out of a won stage and back into
 * one), a deal whose stage is gone, and a funnel whose leads mostly come from older prospects. The
 * expected figures are worked out here from a model of those rows (sales-figures.md), for an admin,
 * an own user and a team user.
 */

type Who = 'own' | 'team' | 'mate' | null;
type Viewer = 'admin' | 'own' | 'team';
/** Whose records each viewer sees besides the unassigned ones: own sees theirs, team their team's (team and mate). */
const SEES: Record<Viewer, Who[] | 'all'> = { admin: 'all', own: ['own'], team: ['team', 'mate'] };
const sees = (viewer: Viewer, owner: Who) => owner === null || SEES[viewer] === 'all' || (SEES[viewer] as Who[]).includes(owner);

interface Deal {
  id: string;
  name: string;
  value: string | null;
  stage: string | null;
  /** The probability a user set; null: the stage's. */
  own: number | null;
  owner: Who;
}

let t: TestApp;
let f: CrmFixture;
let tenantId: string;
let teamId: string;
let stages: Record<string, PipelineStage>;
const people = {} as Record<Exclude<Who, null>, { id: string; token: string }>;
const deals: Deal[] = [];
/** The funnel's prospects: made today or 40 days ago, and what became of them. */
const funnel: { owner: Who; today: boolean; lead: boolean; won: boolean }[] = [];
const today = localDate();

const tokenOf = (viewer: Viewer) => (viewer === 'admin' ? f.admin : people[viewer].token);
const ownerId = (owner: Who) => (owner === null ? null : people[owner].id);
const stageById = (id: string | null) => Object.values(stages).find((stage) => stage.id === id);

async function api<T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: Record<string, unknown>, token = f.admin): Promise<T> {
  const created = method === 'POST' && (url === '/crm/leads' || url === '/crm/prospects');
  return expectStatus<T>(await t.request({ method, url: `/api/v1${url}`, token, body }), created ? 201 : 200);
}
const move = (deal: Deal, stage: string, extra: Record<string, unknown> = {}) =>
  api<Lead>('POST', '/crm/leads/change-pipeline-stage', { lead_id: deal.id, pipeline_stage_id: stages[stage].id, ...extra }).then(() => {
    deal.stage = stage;
  });

async function addDeal(name: string, value: string | null, stage: string, owner: Who, own: number | null = null): Promise<Deal> {
  const lead = leadSchema.parse(
    await api('POST', '/crm/leads', {
      tenant_id: tenantId,
      name,
      phone1: `+1 555 061 ${String(1000 + deals.length)}`,
      value,
      pipeline_stage_id: stages[stage].id,
      ...(own === null ? {} : { probability: own }),
    }),
  );
  await t.db
    .update(leads)
    .set({ ownerId: ownerId(owner) })
    .where(eq(leads.id, lead.id));
  const deal = { id: lead.id, name, value, stage, own, owner };
  deals.push(deal);
  return deal;
}

async function addUser(key: Exclude<Who, null>, visibility: 'own' | 'team' | 'all') {
  const { id, token } = await ownerUser(t, f, { email: `figures-${key}@example.com`, fullName: `Figures ${key}`, visibility, tenantId });
  if (key !== 'own') await t.db.insert(teamMembers).values({ tenantId, teamId, userId: id });
  people[key] = { id, token };
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  tenantId = expectStatus<Tenant>(
    await t.request({ method: 'POST', url: '/api/v1/crm/tenants', token: f.admin, body: { name: 'Figures Co', domain: 'figures.example.com' } }),
    201,
  ).id;
  const [team] = await t.db.insert(teams).values({ tenantId, name: 'Closers' }).returning();
  teamId = team.id;
  await addUser('own', 'own');
  await addUser('team', 'team');
  await addUser('mate', 'all');
  const stageList = await api<PipelineStage[]>('GET', `/crm/pipeline-stage-options?tenant_id=${tenantId}`);
  stages = Object.fromEntries(stageList.map((stage) => [stage.name, stage]));

  await addDeal('Open default', '1000.00', 'New', 'own');
  await addDeal('Open set', '2500.55', 'Qualified', 'team', 35);
  // Edit Value with a new value alone, then a move: the deal follows the new stage's probability.
  const moved = await addDeal('Moved on', '999.99', 'Qualified', 'mate');
  await api('PUT', `/crm/leads/${moved.id}`, { value: '1099.99' });
  moved.value = '1099.99';
  await move(moved, 'Proposal');
  // A probability set on deals that then close: won counts 100 and lost 0, whatever was set.
  await move(await addDeal('Won with own', '4000.00', 'Negotiation', 'mate', 50), 'Won');
  await move(await addDeal('Lost with own', '1234.56', 'Negotiation', null, 80), 'Lost', { lost_reason: 'Budget' });
  await addDeal('Won at once', '3000.00', 'Won', null);
  await addDeal('No value', null, 'Proposal', 'own');
  await addDeal('Half cent', '0.05', 'New', 'team');
  // Its stage is gone: an open deal on its own probability, in no column.
  const stageless = await addDeal('No stage', '100.00', 'Contacted', 'mate', 25);
  await t.db.update(leads).set({ pipelineStageId: null }).where(eq(leads.id, stageless.id));
  stageless.stage = null;
  const reopened = await addDeal('Reopened', '777.77', 'Won', 'own');
  await move(reopened, 'Negotiation');
  const turned = await addDeal('Lost then won', '50.00', 'Lost', 'team');
  await move(turned, 'Won');
  // A probability set, then cleared (null): the deal follows its stage again.
  const cleared = await addDeal('Cleared', '10.00', 'New', null, 70);
  await api('PUT', `/crm/leads/${cleared.id}`, { probability: null });
  cleared.own = null;

  // The funnel: four prospects made today (two become leads, one of them won), five made 40 days ago that became leads and were won today.
  const statuses = await api<StatusOption[]>('GET', `/crm/status-options?tenant_id=${tenantId}`);
  const interested = statuses.find((status) => status.name === 'Interested')!;
  const plan: (typeof funnel)[number][] = [
    { owner: 'own', today: true, lead: true, won: true },
    { owner: 'team', today: true, lead: true, won: false },
    { owner: null, today: true, lead: false, won: false },
    { owner: 'mate', today: true, lead: false, won: false },
    ...(['own', 'team', 'mate', null, 'own'] as const).map((owner) => ({ owner, today: false, lead: true, won: true })),
  ];
  for (const [index, step] of plan.entries()) {
    const prospect = await api<Prospect>('POST', '/crm/prospects', {
      tenant_id: tenantId,
      name: `Funnel ${index}`,
      phone1: `+1 555 062 ${String(1000 + index)}`,
    });
    await t.db
      .update(prospects)
      .set({ ownerId: ownerId(step.owner), ...(step.today ? {} : { createdAt: sql`now() - interval '40 days'` }) })
      .where(eq(prospects.id, prospect.id));
    funnel.push(step);
    if (!step.lead) continue;
    const converted = await api<ChangeStatusResponse>('POST', '/crm/prospects/change-status', { prospect_id: prospect.id, status_id: interested.id });
    const lead = converted.lead_data!;
    const deal: Deal = { id: lead.id, name: lead.name, value: null, stage: stageById(lead.pipeline_stage_id)?.name ?? null, own: null, owner: step.owner };
    deals.push(deal);
    if (step.won) await move(deal, 'Won');
  }
});
afterAll(() => t.close());

/** The model's figures: what each figure must be, by the definitions, for the deals a viewer sees. */
const kindOf = (deal: Deal) => (deal.stage === null ? 'open' : stages[deal.stage].kind);
const chance = (deal: Deal) => ({ won: 100, lost: 0, open: deal.own ?? (deal.stage === null ? 0 : stages[deal.stage].probability) })[kindOf(deal)];
const cents = (value: string | null) => (value === null ? 0n : BigInt(value.replace('.', '')));
const text = (total: bigint) => `${total / 100n}.${String(total % 100n).padStart(2, '0')}`;
const valueOf = (of: Deal[]) => text(of.reduce((sum, deal) => sum + cents(deal.value), 0n));
/** Per deal, value × probability / 100 half up to the cent, then summed. */
const weightedOf = (of: Deal[]) => text(of.reduce((sum, deal) => sum + (cents(deal.value) * BigInt(chance(deal)) + 50n) / 100n, 0n));

function expected(of: Deal[]) {
  const ofKind = (kind: string) => of.filter((deal) => kindOf(deal) === kind);
  return {
    stages: Object.values(stages).map((stage) => {
      const inStage = of.filter((deal) => deal.stage === stage.name);
      return {
        pipeline_stage_id: stage.id,
        count: inStage.length,
        value: valueOf(inStage),
        weighted_value: stage.kind === 'open' ? weightedOf(inStage) : null,
      };
    }),
    pipeline: { count: ofKind('open').length, value: valueOf(ofKind('open')), weighted_value: weightedOf(ofKind('open')) },
    won: { count: ofKind('won').length, value: valueOf(ofKind('won')) },
    lost: { count: ofKind('lost').length, value: valueOf(ofKind('lost')) },
  };
}
const visibleTo = (viewer: Viewer) => deals.filter((deal) => sees(viewer, deal.owner));

async function listOf(viewer: Viewer, query = ''): Promise<Lead[]> {
  const url = `/crm/leads?tenant_id=${tenantId}&limit=100&${query}`;
  return leadListResponseSchema.parse(await api('GET', url, undefined, tokenOf(viewer))).leads;
}
const range = `from=${today}&to=${today}`;
async function reportCsv(kind: string, viewer: Viewer) {
  const response = await t.request({ url: `/api/v1/crm/reports/${kind}?tenant_id=${tenantId}&${range}&format=csv`, token: tokenOf(viewer) });
  expect(response.statusCode).toBe(200);
  return response.body
    .replace(/^\uFEFF/, '')
    .replace(/\r\n$/, '')
    .split('\r\n');
}
const csvRow = (cells: (string | number)[]) => cells.map((cell) => `"${cell}"`).join(',');

const VIEWERS: Viewer[] = ['admin', 'own', 'team'];

test.each(VIEWERS)('each deal shows the probability of the rule, in the list and on its own (%s)', async (viewer) => {
  const rows = await listOf(viewer);
  const of = visibleTo(viewer);
  expect(rows.map((lead) => lead.id).sort()).toEqual(of.map((deal) => deal.id).sort());
  for (const deal of of) {
    const lead = rows.find((row) => row.id === deal.id)!;
    const stageDefault = { won: 100, lost: 0, open: deal.stage === null ? 0 : stages[deal.stage].probability }[kindOf(deal)];
    expect({ name: lead.name, stage: lead.pipeline_stage_id, value: lead.value, probability: lead.probability, own: lead.own_probability }).toEqual({
      name: deal.name,
      stage: deal.stage === null ? null : stages[deal.stage].id,
      value: deal.value,
      probability: chance(deal),
      own: deal.own,
    });
    expect(lead.stage_probability).toBe(stageDefault);
    // One lead read alone says the same as the list.
    expect(leadSchema.parse(await api('GET', `/crm/leads/${deal.id}`, undefined, tokenOf(viewer)))).toEqual(lead);
  }
});

test('a won deal counts 100 and a lost one 0 whatever was set; a moved deal follows its new stage', async () => {
  const rows = await listOf('admin');
  const byName = (name: string) => rows.find((lead) => lead.name === name)!;
  expect(byName('Won with own')).toMatchObject({ probability: 100, own_probability: 50 });
  expect(byName('Lost with own')).toMatchObject({ probability: 0, own_probability: 80 });
  expect(byName('Moved on')).toMatchObject({ probability: stages.Proposal.probability, own_probability: null, value: '1099.99' });
  expect(byName('Cleared')).toMatchObject({ probability: stages.New.probability, own_probability: null });
  expect(byName('Reopened')).toMatchObject({ probability: stages.Negotiation.probability, won_at: null });
});

test.each(VIEWERS)("the board's summary: per column, the open pipeline and its weighted value, won and lost beside it (%s)", async (viewer) => {
  const summary = pipelineSummarySchema.parse(await api('GET', `/crm/pipeline/summary?tenant_id=${tenantId}`, undefined, tokenOf(viewer)));
  const want = expected(visibleTo(viewer));
  expect(summary.stages).toEqual(want.stages);
  expect({ pipeline: summary.pipeline, won: summary.won, lost: summary.lost }).toEqual({ pipeline: want.pipeline, won: want.won, lost: want.lost });
  // A column's value is the sum of its leads' values in the list for that stage.
  for (const stage of summary.stages) {
    const listed = await listOf(viewer, `pipeline_stage_id=${stage.pipeline_stage_id}`);
    expect(text(listed.reduce((sum, lead) => sum + cents(lead.value), 0n))).toBe(stage.value);
  }
});

test('the summary narrowed to an owner or a team counts their deals', async () => {
  const of = async (query: string, viewer: Viewer = 'admin') =>
    pipelineSummarySchema.parse(await api('GET', `/crm/pipeline/summary?tenant_id=${tenantId}&${query}`, undefined, tokenOf(viewer)));
  const mine = await of('owner_id=me', 'team');
  expect(mine.pipeline).toEqual(expected(deals.filter((deal) => deal.owner === 'team')).pipeline);
  const team = await of(`team_id=${teamId}`);
  expect(team.pipeline).toEqual(expected(deals.filter((deal) => deal.owner === 'team' || deal.owner === 'mate')).pipeline);
  expect((await of('owner_id=none')).won).toEqual(expected(deals.filter((deal) => deal.owner === null)).won);
});

test('the figures of a known case: the pipeline holds only the open deals', async () => {
  const summary = pipelineSummarySchema.parse(await api('GET', `/crm/pipeline/summary?tenant_id=${tenantId}`));
  // Open: 1000.00 at 10%, 2500.55 at 35%, 1099.99 at 60%, nothing, 0.05 at 10%, 100.00 at 25% (no stage), 777.77 at 80%, 10.00 at 10%, and the converted leads without a value.
  expect(summary.pipeline).toEqual({ count: 8 + 1, value: '5488.36', weighted_value: '2283.41' });
  expect(summary.won).toEqual({ count: 3 + 6, value: '7050.00' });
  expect(summary.lost).toEqual({ count: 1, value: '1234.56' });
});

test.each(VIEWERS)('the Pipeline report (JSON and CSV) has the same figures over the deals created in the range (%s)', async (viewer) => {
  const report = pipelineReportSchema.parse(await api('GET', `/crm/reports/pipeline?tenant_id=${tenantId}&${range}`, undefined, tokenOf(viewer)));
  const want = expected(visibleTo(viewer));
  expect(report.stages.map(({ pipeline_stage_id, count, value, weighted_value }) => ({ pipeline_stage_id, count, value, weighted_value }))).toEqual(
    want.stages,
  );
  expect({ pipeline: report.pipeline, won: report.won, lost: report.lost }).toEqual({ pipeline: want.pipeline, won: want.won, lost: want.lost });
  const lines = await reportCsv('pipeline', viewer);
  expect(lines).toEqual([
    csvRow(['Stage', 'Kind', 'Leads', 'Value (USD)', 'Weighted value (USD)']),
    ...Object.values(stages).map((stage, index) =>
      csvRow([stage.name, stage.kind, want.stages[index].count, want.stages[index].value, want.stages[index].weighted_value ?? '']),
    ),
    csvRow(['Open pipeline', 'open', want.pipeline.count, want.pipeline.value, want.pipeline.weighted_value]),
    csvRow(['Won', 'won', want.won.count, want.won.value, '']),
    csvRow(['Lost', 'lost', want.lost.count, want.lost.value, '']),
  ]);
});

test.each(VIEWERS)('won and lost: by won_at and lost_at, the win rate over the deals closed in the range (%s)', async (viewer) => {
  const report = wonLostReportSchema.parse(await api('GET', `/crm/reports/won-lost?tenant_id=${tenantId}&${range}`, undefined, tokenOf(viewer)));
  const of = visibleTo(viewer);
  const won = of.filter((deal) => kindOf(deal) === 'won');
  const lost = of.filter((deal) => kindOf(deal) === 'lost');
  const rate = won.length + lost.length === 0 ? null : Math.round((won.length / (won.length + lost.length)) * 10000) / 10000;
  const figures = { won_count: won.length, won_value: valueOf(won), lost_count: lost.length, lost_value: valueOf(lost), win_rate: rate };
  expect(report.total).toEqual(figures);
  expect(report.months).toEqual([{ month: today.slice(0, 7), ...figures }]);
  expect(report.total.win_rate ?? 0).toBeLessThanOrEqual(1);
  const lines = await reportCsv('won-lost', viewer);
  const percent = rate === null ? '' : `${(rate * 100).toFixed(1)}%`;
  expect(lines.slice(1, 3)).toEqual([
    csvRow([today.slice(0, 7), won.length, valueOf(won), lost.length, valueOf(lost), percent]),
    csvRow(['Total', won.length, valueOf(won), lost.length, valueOf(lost), percent]),
  ]);
});

test.each(VIEWERS)('the funnel is a cohort of the prospects created in the range; no step exceeds the one before (%s)', async (viewer) => {
  const report = funnelReportSchema.parse(await api('GET', `/crm/reports/funnel?tenant_id=${tenantId}&${range}`, undefined, tokenOf(viewer)));
  const cohort = funnel.filter((step) => step.today && sees(viewer, step.owner));
  const became = cohort.filter((step) => step.lead);
  const won = became.filter((step) => step.won);
  const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10000) / 10000);
  expect(report.steps).toEqual([
    { step: 'prospects', count: cohort.length, rate: null },
    { step: 'leads', count: became.length, rate: rate(became.length, cohort.length) },
    { step: 'won', count: won.length, rate: rate(won.length, became.length) },
  ]);
  // Won within seconds of becoming a lead.
  expect(report.median_days_to_won).toBe(won.length ? 0 : null);
  const percent = (value: number | null) => (value === null ? '' : `${(value * 100).toFixed(1)}%`);
  expect(await reportCsv('funnel', viewer)).toEqual([
    csvRow(['Step', 'Count', 'Conversion rate']),
    csvRow(['prospects', cohort.length, '']),
    csvRow(['leads', became.length, percent(rate(became.length, cohort.length))]),
    csvRow(['won', won.length, percent(rate(won.length, became.length))]),
    csvRow(['Median days from lead to won', won.length ? '0' : '', '']),
  ]);
});

test('four prospects made today, two of them leads, one won: 50% and 50%, though nine leads were won today', async () => {
  const report = funnelReportSchema.parse(await api('GET', `/crm/reports/funnel?tenant_id=${tenantId}&${range}`));
  expect(report.steps.map((step) => [step.step, step.count, step.rate])).toEqual([
    ['prospects', 4, null],
    ['leads', 2, 0.5],
    ['won', 1, 0.5],
  ]);
  const wonToday = wonLostReportSchema.parse(await api('GET', `/crm/reports/won-lost?tenant_id=${tenantId}&${range}`)).total.won_count;
  expect(wonToday).toBe(9);
});
