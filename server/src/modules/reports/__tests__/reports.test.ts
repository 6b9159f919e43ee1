import { funnelReportSchema, NO_LOST_REASON, type PipelineStage, pipelineReportSchema, type Tenant, wonLostReportSchema } from '@app/shared/contracts';
import { eq } from 'drizzle-orm';
import { leads, prospects, teamMembers, teams, users } from '../../../db/schema';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';

/*
 * A tenant of its own with leads, prospects and goals written straight into the database, so each
 * figure the reports answer is checked against the same rows summed here.
 */

let t: TestApp;
let f: CrmFixture;
let tenantId: string;
let stages: PipelineStage[];
let mine: { id: string; token: string };
let own: { id: string; token: string };
let teamId: string;

interface LeadSeed {
  owner: 'mine' | 'own' | null;
  stage: number;
  value: string | null;
  probability: number | null;
  created: Date;
  won?: Date;
  lost?: Date;
  reason?: string | null;
}

const at = (month: number, day: number) => new Date(2025, month - 1, day, 12);
const FROM = '2025-01-01';
const TO = '2025-12-31';

const seeds: LeadSeed[] = [];
let seedRows: (LeadSeed & { ownerId: string | null; id?: string })[] = [];
const prospectSeeds: { id: string; ownerId: string | null; created: Date }[] = [];

/** Deterministic rows: owners, stages, values and outcomes spread over 2025, a few outside it. */
function makeSeeds(stageCount: number, wonStage: number, lostStage: number) {
  const owners = ['mine', 'own', null] as const;
  const reasons = ['Price', 'Timing', '', null, '=HYPERLINK("http://evil")', 'Price'];
  for (let i = 0; i < 36; i += 1) {
    const month = (i % 12) + 1;
    const seed: LeadSeed = {
      owner: owners[i % 3],
      stage: i % stageCount,
      value: i % 7 === 0 ? null : `${(i * 1234.57).toFixed(2)}`,
      probability: i % 4 === 0 ? 33 : null,
      created: at(month, 3 + (i % 20)),
    };
    if (seed.stage === wonStage) seed.won = at(month, 25);
    if (seed.stage === lostStage) {
      seed.lost = at(month, 26);
      seed.reason = reasons[i % reasons.length];
    }
    seeds.push(seed);
  }
  // Outside the range: created, won and lost in 2024 or 2026.
  seeds.push({ owner: 'mine', stage: wonStage, value: '999.00', probability: null, created: at(-2, 1), won: at(-1, 10) });
  seeds.push({ owner: null, stage: lostStage, value: '5.00', probability: null, created: at(14, 1), lost: at(14, 2), reason: 'Later' });
}

async function staffUser(email: string, visibility: 'own' | 'all') {
  const created = expectStatus<{ _id?: string; id?: string }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/auth/users',
      token: f.admin,
      body: { email, password: 'reports-password', tenant_id: tenantId, is_staff: true },
    }),
    201,
  );
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  expect(row.id).toBe(created._id ?? created.id ?? row.id);
  await t.db.update(users).set({ visibility }).where(eq(users.id, row.id));
  return { id: row.id, token: await t.login(email, 'reports-password') };
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  const tenant = expectStatus<Tenant>(
    await t.request({ method: 'POST', url: '/api/v1/crm/tenants', token: f.admin, body: { name: 'Reports Co', domain: 'reports-co.example.com' } }),
    201,
  );
  tenantId = tenant.id;
  stages = expectStatus<PipelineStage[]>(await t.request({ url: `/api/v1/crm/pipeline-stage-options?tenant_id=${tenantId}`, token: f.admin }), 200);
  mine = await staffUser('reports-all@example.com', 'all');
  own = await staffUser('reports-own@example.com', 'own');
  const [team] = await t.db.insert(teams).values({ tenantId, name: 'Closers' }).returning();
  teamId = team.id;
  await t.db.insert(teamMembers).values({ tenantId, teamId, userId: mine.id });

  makeSeeds(
    stages.length,
    stages.findIndex((stage) => stage.kind === 'won'),
    stages.findIndex((stage) => stage.kind === 'lost'),
  );
  seedRows = seeds.map((seed) => ({ ...seed, ownerId: seed.owner === 'mine' ? mine.id : seed.owner === 'own' ? own.id : null }));
  for (const [index, seed] of seedRows.entries()) {
    const [row] = await t.db
      .insert(leads)
      .values({
        tenantId,
        name: `Report Lead ${index}`,
        phone1: `+1 555 040 ${String(index).padStart(4, '0')}`,
        pipelineStageId: stages[seed.stage].id,
        value: seed.value,
        probability: seed.probability,
        ownerId: seed.ownerId,
        lostReason: seed.reason ?? null,
        createdAt: seed.created,
      })
      .returning({ id: leads.id });
    seed.id = row.id;
    // The stage's trigger stamped now(); the history is back-dated as a year of work would have left it.
    await t.db
      .update(leads)
      .set({ wonAt: seed.won ?? null, lostAt: seed.lost ?? null })
      .where(eq(leads.id, row.id));
  }
  for (let i = 0; i < 20; i += 1) {
    const seed = { ownerId: [mine.id, own.id, null][i % 3], created: i < 18 ? at((i % 12) + 1, 2) : at(15, 1) };
    const [row] = await t.db
      .insert(prospects)
      .values({ tenantId, name: `Report Prospect ${i}`, phone1: `+1 555 041 ${String(i).padStart(4, '0')}`, ownerId: seed.ownerId, createdAt: seed.created })
      .returning({ id: prospects.id });
    prospectSeeds.push({ ...seed, id: row.id });
  }
});
afterAll(() => t.close());

type Seed = (typeof seedRows)[number];
const cents = (value: string | null) => (value === null ? 0 : Math.round(Number(value) * 100));
const amount = (total: number) => (total / 100).toFixed(2);
const inRange = (date: Date | undefined) => date !== undefined && date >= new Date(2025, 0, 1) && date < new Date(2026, 0, 1);
const visibleToOwn = (seed: Seed) => seed.ownerId === null || seed.ownerId === own.id;

async function report(kind: string, query: string, token = f.admin) {
  return expectStatus(await t.request({ url: `/api/v1/crm/reports/${kind}?tenant_id=${tenantId}&from=${FROM}&to=${TO}&${query}`, token }), 200);
}

/** The Pipeline report's figures from the rows (sales-figures.md): won means 100, lost 0; the pipeline is the open deals alone. */
function expectedPipeline(rows: Seed[]) {
  const created = rows.filter((seed) => inRange(seed.created));
  const kindOf = (seed: Seed) => stages[seed.stage].kind;
  const chance = (seed: Seed) => ({ won: 100, lost: 0, open: seed.probability ?? stages[seed.stage].probability })[kindOf(seed)];
  const value = (of: Seed[]) => amount(of.reduce((sum, seed) => sum + cents(seed.value), 0));
  const weighted = (of: Seed[]) => amount(of.reduce((sum, seed) => sum + Math.round((cents(seed.value) * chance(seed)) / 100), 0));
  const ofKind = (kind: string) => created.filter((seed) => kindOf(seed) === kind);
  return {
    stages: stages.map((stage, index) => {
      const of = created.filter((seed) => seed.stage === index);
      return { name: stage.name, count: of.length, value: value(of), weighted_value: stage.kind === 'open' ? weighted(of) : null };
    }),
    totals: {
      pipeline: { count: ofKind('open').length, value: value(ofKind('open')), weighted_value: weighted(ofKind('open')) },
      won: { count: ofKind('won').length, value: value(ofKind('won')) },
      lost: { count: ofKind('lost').length, value: value(ofKind('lost')) },
    },
  };
}
const totalsOf = ({ pipeline, won, lost }: { pipeline: unknown; won: unknown; lost: unknown }) => ({ pipeline, won, lost });

test("the pipeline report gives each stage's count, value and weighted value of the leads created in the range", async () => {
  const answer = pipelineReportSchema.parse(await report('pipeline', ''));
  const expected = expectedPipeline(seedRows);
  expect(answer.stages.map(({ name, count, value, weighted_value }) => ({ name, count, value, weighted_value }))).toEqual(expected.stages);
  expect(totalsOf(answer)).toEqual(expected.totals);
  expect(answer.stages.map((stage) => stage.kind)).toEqual(stages.map((stage) => stage.kind));
  expect(answer.currency).toBe('USD');
  expect(answer.pipeline.count).toBeGreaterThan(10);
  expect(answer.won.count).toBeGreaterThan(0);
});

test('every report counts only what the caller may see, and narrows to an owner or a team', async () => {
  const forOwn = pipelineReportSchema.parse(await report('pipeline', '', own.token));
  expect(totalsOf(forOwn)).toEqual(expectedPipeline(seedRows.filter(visibleToOwn)).totals);
  expect(forOwn.pipeline.count).toBeLessThan(expectedPipeline(seedRows).totals.pipeline.count);
  // Asking for someone else's records does not widen an own user's view.
  expect(pipelineReportSchema.parse(await report('pipeline', `owner_id=${mine.id}`, own.token)).pipeline.count).toBe(0);

  const onlyMine = pipelineReportSchema.parse(await report('pipeline', 'owner_id=me', mine.token));
  expect(totalsOf(onlyMine)).toEqual(expectedPipeline(seedRows.filter((seed) => seed.ownerId === mine.id)).totals);
  const unassigned = pipelineReportSchema.parse(await report('pipeline', 'owner_id=none'));
  expect(totalsOf(unassigned)).toEqual(expectedPipeline(seedRows.filter((seed) => seed.ownerId === null)).totals);
  const team = pipelineReportSchema.parse(await report('pipeline', `team_id=${teamId}`));
  expect(totalsOf(team)).toEqual(totalsOf(onlyMine));

  const wonLostOwn = wonLostReportSchema.parse(await report('won-lost', '', own.token));
  expect(wonLostOwn.total.won_count).toBe(seedRows.filter((seed) => visibleToOwn(seed) && inRange(seed.won)).length);
  const funnelOwn = funnelReportSchema.parse(await report('funnel', '', own.token));
  expect(funnelOwn.steps[0].count).toBe(prospectSeeds.filter((seed) => (seed.ownerId === null || seed.ownerId === own.id) && inRange(seed.created)).length);
});

test('won and lost by month: counts, values, win rate and the lost reasons', async () => {
  const answer = wonLostReportSchema.parse(await report('won-lost', ''));
  expect(answer.months.map((month) => month.month)).toEqual(Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`));
  for (const [index, month] of answer.months.entries()) {
    const won = seedRows.filter((seed) => inRange(seed.won) && seed.won!.getMonth() === index);
    const lost = seedRows.filter((seed) => inRange(seed.lost) && seed.lost!.getMonth() === index);
    expect(month).toEqual({
      month: month.month,
      won_count: won.length,
      won_value: amount(won.reduce((sum, seed) => sum + cents(seed.value), 0)),
      lost_count: lost.length,
      lost_value: amount(lost.reduce((sum, seed) => sum + cents(seed.value), 0)),
      win_rate: won.length + lost.length === 0 ? null : Math.round((won.length / (won.length + lost.length)) * 10000) / 10000,
    });
  }
  const lost = seedRows.filter((seed) => inRange(seed.lost));
  const reasons = new Map<string, number>();
  for (const seed of lost) reasons.set(seed.reason?.trim() || NO_LOST_REASON, (reasons.get(seed.reason?.trim() || NO_LOST_REASON) ?? 0) + 1);
  expect(Object.fromEntries(answer.lost_reasons.map((row) => [row.reason, row.count]))).toEqual(Object.fromEntries(reasons));
  expect(answer.lost_reasons[0].count).toBe(Math.max(...reasons.values()));
  expect(answer.total.won_count + answer.total.lost_count).toBeGreaterThan(0);
});

test('the funnel follows the prospects created in the range: those that became leads, whenever, and those of them won', async () => {
  // Lead k was made from prospect k (the same owner), except every fourth from the second on; prospects 18 and 19 are after the range.
  const links = prospectSeeds.flatMap((prospect, k) => (k % 4 === 1 ? [] : [{ prospect, lead: seedRows[k] }]));
  for (const { prospect, lead } of links) await t.db.update(leads).set({ prospectId: prospect.id }).where(eq(leads.id, lead.id!));
  const answer = funnelReportSchema.parse(await report('funnel', ''));
  const cohort = prospectSeeds.filter((prospect) => inRange(prospect.created));
  const became = links.filter(({ prospect }) => inRange(prospect.created)).map(({ lead }) => lead);
  const won = became.filter((lead) => lead.won !== undefined);
  expect(answer.steps).toEqual([
    { step: 'prospects', count: cohort.length, rate: null },
    { step: 'leads', count: became.length, rate: Math.round((became.length / cohort.length) * 10000) / 10000 },
    { step: 'won', count: won.length, rate: Math.round((won.length / became.length) * 10000) / 10000 },
  ]);
  expect(won.length).toBeGreaterThan(0);
  expect(became.length).toBeLessThan(cohort.length);
  const days = won.map((seed) => (seed.won!.getTime() - seed.created.getTime()) / 86_400_000).sort((a, b) => a - b);
  const middle = Math.floor(days.length / 2);
  const median = days.length % 2 ? days[middle] : (days[middle - 1] + days[middle]) / 2;
  expect(answer.median_days_to_won).toBeCloseTo(median, 1);
});

test('format=csv downloads the table with its header row, formulas defused', async () => {
  const response = await t.request({ url: `/api/v1/crm/reports/won-lost?tenant_id=${tenantId}&from=${FROM}&to=${TO}&format=csv`, token: f.admin });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
  expect(response.headers['content-disposition']).toBe(`attachment; filename="report-won-lost-${FROM}-${TO}.csv"`);
  const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('"Month","Won","Won value (USD)","Lost","Lost value (USD)","Win rate"');
  expect(lines[1]).toMatch(/^"2025-01",/);
  expect(response.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
  expect(response.body).not.toMatch(/(^|,)"=/m);

  const pipeline = await t.request({ url: `/api/v1/crm/reports/pipeline?tenant_id=${tenantId}&from=${FROM}&to=${TO}&format=csv`, token: f.admin });
  const { pipeline: open, won, lost } = expectedPipeline(seedRows).totals;
  expect(pipeline.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('"Stage","Kind","Leads","Value (USD)","Weighted value (USD)"');
  expect(pipeline.body).toContain(
    `"Open pipeline","open","${open.count}","${open.value}","${open.weighted_value}"\r\n"Won","won","${won.count}","${won.value}",""\r\n"Lost","lost","${lost.count}","${lost.value}",""`,
  );
  for (const kind of ['calls', 'funnel']) {
    const csv = await t.request({ url: `/api/v1/crm/reports/${kind}?tenant_id=${tenantId}&format=csv`, token: f.admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="report-${kind}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
  }
});

test('without dates a report covers the last 12 months up to today', async () => {
  const answer = wonLostReportSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/reports/won-lost?tenant_id=${tenantId}`, token: f.admin }), 200));
  expect(answer.months).toHaveLength(12);
  expect(answer.from).toBe(`${answer.months[0].month}-01`);
  expect(answer.to.slice(0, 7)).toBe(answer.months[11].month);
});

test('bad dates, long ranges, bad filters and other tenants answer 4xx with a detail', async () => {
  const url = (kind: string, query: string) => `/api/v1/crm/reports/${kind}?tenant_id=${tenantId}&${query}`;
  const cases: [string, number, RegExp][] = [
    ['from=2025-02-30&to=2025-03-01', 400, /from: must be a date/],
    ['from=yesterday', 400, /from: must be a date/],
    ['from=2025-05-01&to=2025-04-30', 400, /to: must not be before from/],
    ['from=2020-01-01&to=2023-01-02', 400, /at most 3 years/],
    ['from=2020-01-01&to=2023-01-01', 200, /./],
    // The moment after 9999-12-31 has no four-digit year: such a range was a 500.
    ['from=9999-12-31&to=9999-12-31', 400, /to: must be a day from 1900-01-01 to 9999-12-30/],
    ['from=9998-01-01&to=9999-12-31', 400, /to: must be a day from/],
    ['from=0000-01-01&to=2020-01-01', 400, /from: must be a day from/],
    ['from=9999-12-30&to=9999-12-30', 200, /./],
    ['to=2020-01-01&from=%00', 400, /from/],
    ['from=%ED%A0%80', 400, /./],
    [`from=${'9'.repeat(200_000)}`, 400, /./],
    ['from=2025-01-01&from=2025-01-02', 400, /from/],
    ['owner_id=someone', 400, /owner_id/],
    ['team_id=nope', 400, /team_id/],
    ['team_id=00000000-0000-4000-8000-000000000000', 404, /team_id/],
    ['format=xml', 400, /format/],
  ];
  for (const kind of ['pipeline', 'won-lost', 'calls', 'funnel']) {
    for (const [query, status, detail] of cases) {
      const response = await t.request({ url: url(kind, query), token: f.admin });
      expect([kind, query, response.statusCode]).toEqual([kind, query, status]);
      if (status !== 200) expect(response.json().detail).toMatch(detail);
    }
    // Another tenant's team, and another tenant's reports.
    const [otherTeam] = await t.db
      .insert(teams)
      .values({ tenantId: f.otherTenantId, name: `Other ${kind}` })
      .returning();
    expect((await t.request({ url: url(kind, `team_id=${otherTeam.id}`), token: f.admin })).statusCode).toBe(404);
    const foreign = await t.request({ url: url(kind, ''), token: f.outsider });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().detail).toBeTruthy();
    expect((await t.request({ url: url(kind, '') })).statusCode).toBe(401);
  }
});
