import {
  callOutcomeResponseSchema,
  callsReportSchema,
  changeStatusResponseSchema,
  dashboardStatsSchema,
  funnelReportSchema,
  goalListSchema,
  goalSchema,
  leadListResponseSchema,
  leadSchema,
  pipelineReportSchema,
  pipelineStageListSchema,
  pipelineStageSchema,
  pipelineSummarySchema,
  prospectListResponseSchema,
  prospectSchema,
  quotationDetailSchema,
  quotationListResponseSchema,
  quotationSchema,
  statusOptionListSchema,
  teamSchema,
  timelineResponseSchema,
  tenantSchema,
  userSchema,
  wonLostReportSchema,
  type CallsReport,
  type Lead,
  type StatusOption,
} from '@app/shared/contracts';
import { eachMonthOfInterval } from 'date-fns/eachMonthOfInterval';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../db/raw-sql';
import { calls, goals, leads, pipelineStages, prospects, quotations, teamMembers, users } from '../db/schema';
import { addDays, localDate } from '../lib/today';
import { expectStatus } from '../testing/crm-fixture';
import { createTestApp, type TestApp } from '../testing/test-app';

/*
 * The figures check (sales-figures.md). Through the API, one tenant gets open, won and lost deals
 * (probabilities set and following their stage, a deal moved after its probability was set, closed
 * deals with a probability set, deals without a stage), prospects of which some became leads and
 * some of those won, calls by three users on their own goals, on goals of others they see and on no
 * goal (status changes and the call queue), calls refused on goals their callers may not see,
 * and quotations with decimal quantities, a discount and tax; records belong to an admin, an own
 * user, a team user, a fourth user and no one. Then the rows are read back from the database and
 * every figure of the board, the lists, the dashboard, the goals, the four reports (JSON and CSV)
 * and the quotations is worked out here from them by the definitions, for what each of an admin,
 * the own user and the team user may see, and compared with what the API answers.
 */

// ---------------------------------------------------------------------------------------------
// The definitions, as small pure functions over the rows. Money is integer cents (BigInt).
// ---------------------------------------------------------------------------------------------

/** A decimal's text as an integer of `places` decimals, exactly ("1.25", 3 → 1250n). */
function scaled(text: string, places: number): bigint {
  const [whole, fraction = ''] = text.split('.');
  if (fraction.length > places) throw new Error(`${text} has more than ${places} decimals`);
  return BigInt(`${whole}${fraction.padEnd(places, '0')}`);
}

/** An amount's text in cents; no value counts 0. */
const cents = (amount: string | null): bigint => (amount === null ? 0n : scaled(amount, 2));

/** Cents as the API writes an amount: "1234.50". */
function amountText(total: bigint): string {
  const digits = total.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Cents as the quotation API's dollars (a JSON number: cents / 100, as exact as a double is). */
const dollars = (total: bigint): number => Number(total) / 100;

/** numerator / divisor rounded half up, for non-negative integers. */
const halfUp = (numerator: bigint, divisor: bigint): bigint => (numerator * 2n + divisor) / (2n * divisor);

const sum = (amounts: bigint[]): bigint => amounts.reduce((total, amount) => total + amount, 0n);

type Kind = 'open' | 'won' | 'lost';
interface StageRow {
  id: string;
  name: string;
  kind: Kind;
  probability: number;
}
interface DealRow {
  id: string;
  name: string;
  value: string | null;
  /** The probability a user set; null: none set. */
  ownProbability: number | null;
  stageId: string | null;
  ownerId: string | null;
  prospectId: string | null;
  wonAt: Date | null;
  lostAt: Date | null;
  lostReason: string | null;
  createdAt: Date;
}

let stagesById = new Map<string, StageRow>();
const stageOf = (deal: DealRow): StageRow | undefined => (deal.stageId === null ? undefined : stagesById.get(deal.stageId));

/** A lead's stage kind; a lead without a stage is open. */
const kindOf = (deal: DealRow): Kind => stageOf(deal)?.kind ?? 'open';
/** An open deal: a lead whose stage is of kind open, or that has none. */
const isOpen = (deal: DealRow) => kindOf(deal) === 'open';
/** What the stage gives: a won stage 100, a lost one 0, an open one its default; no stage 0. */
const stageProbability = (deal: DealRow): number => ({ won: 100, lost: 0, open: stageOf(deal)?.probability ?? 0 })[kindOf(deal)];
/** The probability: won 100 and lost 0 whatever was set; else the lead's own when set, else its stage's. */
const probabilityOf = (deal: DealRow): number => (isOpen(deal) ? (deal.ownProbability ?? stageProbability(deal)) : stageProbability(deal));
/** One open deal's weighted value: value × probability / 100, half up to the cent. */
const weightedOf = (deal: DealRow): bigint => halfUp(cents(deal.value) * BigInt(probabilityOf(deal)), 100n);
const valueOf = (deals: DealRow[]): bigint => sum(deals.map((deal) => cents(deal.value)));

/** The pipeline: the open deals, their value and weighted value; won and lost deals never count. */
function pipelineOf(deals: DealRow[]) {
  const open = deals.filter(isOpen);
  return { count: open.length, value: amountText(valueOf(open)), weighted_value: amountText(sum(open.map(weightedOf))) };
}
const closedOf = (deals: DealRow[], kind: 'won' | 'lost') => {
  const closed = deals.filter((deal) => kindOf(deal) === kind);
  return { count: closed.length, value: amountText(valueOf(closed)) };
};

/** The board's figures: per stage (every stage of the tenant, in order) its count and value, an open stage's weighted value; the pipeline; won and lost. */
function boardOf(deals: DealRow[], stages: StageRow[]) {
  return {
    stages: stages.map((stage) => {
      const inStage = deals.filter((deal) => deal.stageId === stage.id);
      return {
        pipeline_stage_id: stage.id,
        count: inStage.length,
        value: amountText(valueOf(inStage)),
        weighted_value: stage.kind === 'open' ? amountText(sum(inStage.map(weightedOf))) : null,
      };
    }),
    pipeline: pipelineOf(deals),
    won: closedOf(deals, 'won'),
    lost: closedOf(deals, 'lost'),
  };
}

/** A share as the reports answer it: four decimals, half up; none over nothing. Never above 1 when part ⊆ whole. */
const rateOf = (part: number, whole: number): number | null => (whole === 0 ? null : Number(halfUp(BigInt(part) * 10000n, BigInt(whole))) / 10000);
/** That share in a CSV: a percentage with one decimal ("66.7%"), empty over nothing. */
function percentText(part: number, whole: number): string {
  if (whole === 0) return '';
  const tenths = halfUp(halfUp(BigInt(part) * 10000n, BigInt(whole)), 10n);
  return `${tenths / 10n}.${tenths % 10n}%`;
}

interface Range {
  from: string;
  to: string;
}
/** A moment's server day falls in the range (both days included). */
const onDayIn = (at: Date | null, range: Range) => at !== null && range.from <= localDate(at) && localDate(at) <= range.to;
const dayIn = (day: string, range: Range) => range.from <= day && day <= range.to;
function daysOf(range: Range): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Won and lost in a range: the deals whose won_at, or lost_at, falls in it. */
function wonLostOf(deals: DealRow[], range: Range) {
  const won = deals.filter((deal) => onDayIn(deal.wonAt, range));
  const lost = deals.filter((deal) => onDayIn(deal.lostAt, range));
  return { won, lost };
}

interface ProspectRow {
  id: string;
  name: string;
  ownerId: string | null;
  statusId: string | null;
  state: string;
  createdAt: Date;
}

/** The funnel: the prospects created in the range → those of them that became (seen) leads → those leads won; median days lead → won. */
function funnelOf(cohort: ProspectRow[], deals: DealRow[]) {
  const leadOf = new Map(deals.filter((deal) => deal.prospectId !== null).map((deal) => [deal.prospectId!, deal]));
  const became = cohort.map((prospect) => leadOf.get(prospect.id)).filter((deal): deal is DealRow => deal !== undefined);
  const won = became.filter((deal) => kindOf(deal) === 'won');
  const spans = won.map((deal) => deal.wonAt!.getTime() - deal.createdAt.getTime()).sort((a, b) => a - b);
  const middle = Math.floor(spans.length / 2);
  const medianMs = spans.length === 0 ? null : spans.length % 2 ? spans[middle] : (spans[middle - 1] + spans[middle]) / 2;
  // Days to one decimal: tenths of a day are 8,640,000 ms.
  const medianDays = medianMs === null ? null : Math.round(medianMs / 8_640_000) / 10;
  return { cohort: cohort.length, became: became.length, won: won.length, medianDays };
}

interface CallRow {
  callerId: string | null;
  /** The goal it counted on; null: none (a call needs no goal). */
  goalId: string | null;
  prospectId: string | null;
  day: string;
}
interface GoalRow {
  id: string;
  name: string;
  userId: string | null;
  targetCount: number;
  startDate: string;
  endDate: string;
}
/** A goal is active on the days from its start date to its end date, both included. */
const isActiveOn = (goal: GoalRow, day: string) => goal.startDate <= day && day <= goal.endDate;
/** Goal progress: per day, the calls made on the goal by whoever made them, on its active days. */
function progressOf(goal: GoalRow, made: CallRow[]) {
  const perDay = new Map<string, number>();
  for (const call of made) if (call.goalId === goal.id && isActiveOn(goal, call.day)) perDay.set(call.day, (perDay.get(call.day) ?? 0) + 1);
  return [...perDay].sort(([a], [b]) => a.localeCompare(b)).map(([date, count]) => ({ date, calls_made: count }));
}
/** Calls per user: by their caller, on any goal; a day's target: the daily targets of the user's own goals active that day. */
function callsByUser(made: CallRow[], goalRows: GoalRow[], range: Range, keeps: (userId: string | null) => boolean) {
  const rows = new Map<string, { day: string; user_id: string | null; calls: number; target: number }>();
  const rowOf = (day: string, userId: string | null) => {
    const key = `${day} ${userId}`;
    if (!rows.has(key)) rows.set(key, { day, user_id: userId, calls: 0, target: 0 });
    return rows.get(key)!;
  };
  for (const call of made) if (dayIn(call.day, range) && keeps(call.callerId)) rowOf(call.day, call.callerId).calls += 1;
  for (const goal of goalRows) {
    if (!keeps(goal.userId)) continue;
    for (const day of daysOf(range)) if (isActiveOn(goal, day)) rowOf(day, goal.userId).target += goal.targetCount;
  }
  return [...rows.values()];
}

/** A quotation line: quantity (thousandths) × rate (cents), half up to the cent. */
const lineAmount = (quantity: string, rate: string): bigint => halfUp(scaled(quantity, 3) * scaled(rate, 2), 1000n);
/** A percentage (in hundredths of a percent) of an amount, half up to the cent. */
const percentOf = (amount: bigint, basisPoints: number): bigint => halfUp(amount * BigInt(basisPoints), 10000n);
/** Quotation money: lines, subtotal, discount on the subtotal, tax on (subtotal − discount), total. */
function quotationMoney(items: { quantity: string; rate: string }[], discountBp: number, taxBp: number) {
  const lines = items.map((item) => lineAmount(item.quantity, item.rate));
  const subtotal = sum(lines);
  const discount = percentOf(subtotal, discountBp);
  const tax = percentOf(subtotal - discount, taxBp);
  return { lines, subtotal, discount, tax, total: subtotal - discount + tax };
}

/** A CSV download read back: byte order mark dropped, quoted cells unquoted, CRLF lines; an empty line is an empty row. */
function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index];
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && body[index + 1] === '\n') {
      row.push(cell);
      rows.push(row.length === 1 && row[0] === '' ? [] : row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// The tenant, made through the API.
// ---------------------------------------------------------------------------------------------

type Person = 'admin' | 'own' | 'team' | 'other' | 'departed';
type Viewer = 'admin' | 'own' | 'team';
const VIEWERS: Viewer[] = ['admin', 'own', 'team'];

let t: TestApp;
let tenantId: string;
let teamId: string;
const people = {} as Record<Person, { id: string; token: string }>;
let statuses: Record<string, StatusOption>;
let stageIds: Record<string, string>;
const goalIds = {} as Record<'others' | 'owns' | 'teams' | 'ended' | 'upcoming' | 'departed', string>;
const quotationIds = {} as Record<'decimal' | 'whole', string>;
const today = localDate();
const RANGES: Record<'today' | 'sixty days', Range> = { today: { from: today, to: today }, 'sixty days': { from: addDays(today, -59), to: today } };
let phone = 1000;

async function api<T>(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, status = 200): Promise<T> {
  return expectStatus<T>(await t.request({ method, url: `/api/v1${url}`, token, body }), status);
}
const as = (who: Person) => people[who].token;

async function addProspect(who: Person, name: string): Promise<string> {
  phone += 1;
  const body = { tenant_id: tenantId, name, phone1: `+1 555 070 ${phone}` };
  return prospectSchema.parse(await api(as(who), 'POST', '/crm/prospects', body, 201)).id;
}

async function addDeal(who: Person, name: string, value: string | null, stage: string, probability?: number): Promise<string> {
  phone += 1;
  const body = { tenant_id: tenantId, name, phone1: `+1 555 071 ${phone}`, value, pipeline_stage_id: stageIds[stage], probability };
  return leadSchema.parse(await api(as(who), 'POST', '/crm/leads', body, 201)).id;
}

/** The stage change of the board and Update Stage: won_at and lost_at are set by the move. */
const move = (leadId: string, stage: string, lostReason?: string) =>
  api(as('admin'), 'POST', '/crm/leads/change-pipeline-stage', { lead_id: leadId, pipeline_stage_id: stageIds[stage], lost_reason: lostReason });

/**
 * Moves a row's times back (the API makes everything now): when it was created, and when a lead was
 * won. Only the times change; the leads_outcome trigger watches the stage, not these.
 */
async function backdate(table: typeof prospects | typeof leads, id: string, ago: { createdAt: string; wonAt?: string }) {
  const times = { createdAt: sql`now() - ${ago.createdAt}::interval`, ...(ago.wonAt ? { wonAt: sql`now() - ${ago.wonAt}::interval` } : {}) };
  if (table === leads) await t.db.update(leads).set(times).where(eq(leads.id, id));
  else await t.db.update(prospects).set({ createdAt: times.createdAt }).where(eq(prospects.id, id));
}

/** A status change on the prospects list, with a call when a goal is named (null: a call on no goal). */
async function changeStatus(who: Person, prospectId: string, status: string, goal?: keyof typeof goalIds | null) {
  const body = { prospect_id: prospectId, status_id: statuses[status].id, prospect_contacted: goal !== undefined, goal_id: goal ? goalIds[goal] : null };
  return changeStatusResponseSchema.parse(await api(as(who), 'POST', '/crm/prospects/change-status', body));
}

/** The call queue over the prospects whose name holds `name`: the next card, then its outcome (a status, or a callback); on the goal, or none. */
async function queueCall(who: Person, name: string, goal: keyof typeof goalIds | null, outcome: { status: string } | { callbackInDays: number }) {
  const goalId = goal === null ? null : goalIds[goal];
  const next = await t.request({
    method: 'POST',
    url: '/api/v1/crm/call-queue/next',
    token: as(who),
    body: { tenant_id: tenantId, goal_id: goalId, filter: { q: name } },
  });
  const card = expectStatus<{ prospect: { id: string; name: string } }>(next, 200);
  expect(card.prospect.name).toBe(name);
  const body =
    'status' in outcome
      ? { goal_id: goalId, status_id: statuses[outcome.status].id }
      : { goal_id: goalId, callback_at: new Date(Date.now() + outcome.callbackInDays * 86_400_000).toISOString() };
  return callOutcomeResponseSchema.parse(await api(as(who), 'POST', `/crm/call-queue/${card.prospect.id}/outcome`, body));
}

async function addUser(who: Exclude<Person, 'admin'>, fullName: string, visibility: 'own' | 'team' | 'all') {
  const email = `figures-${who}@example.com`;
  const body = { email, full_name: fullName, password: 'figures-password', tenant_id: tenantId, is_staff: true, visibility };
  const user = userSchema.parse(await api(as('admin'), 'POST', '/auth/users', body, 201));
  people[who] = { id: user.id, token: await t.login(email, 'figures-password') };
}

async function addGoal(key: keyof typeof goalIds, owner: Person, name: string, target: number, start: number, end: number) {
  const body = { tenant_id: tenantId, name, target_count: target, start_date: addDays(today, start), end_date: addDays(today, end), user_id: people[owner].id };
  goalIds[key] = goalSchema.parse(await api(as('admin'), 'POST', '/crm/goals', body, 201)).id;
}

async function buildTenant() {
  const adminToken = await t.loginAdmin();
  people.admin = { id: expectStatus<{ _id: string }>(await t.request({ url: '/api/v1/auth/me', token: adminToken }), 200)._id, token: adminToken };
  tenantId = tenantSchema.parse(await api(adminToken, 'POST', '/crm/tenants', { name: 'Figures Check Co', domain: 'figures-check.example.com' }, 201)).id;
  await addUser('own', 'Olga Own', 'own');
  await addUser('team', 'Tomas Team', 'team');
  await addUser('other', 'Edda Other', 'all');
  await addUser('departed', 'Dana Departed', 'all');
  const team = teamSchema.parse(
    await api(adminToken, 'POST', '/crm/teams', { tenant_id: tenantId, name: 'Closers', member_ids: [people.own.id, people.team.id] }, 201),
  );
  teamId = team.id;
  statuses = Object.fromEntries(
    statusOptionListSchema.parse(await api(adminToken, 'GET', `/crm/status-options?tenant_id=${tenantId}`)).map((status) => [status.name, status]),
  );
  // A stage of its own, deleted once deals are in it: those deals have no stage and stay open.
  pipelineStageSchema.parse(
    await api(adminToken, 'POST', '/crm/pipeline-stage-options', { tenant_id: tenantId, name: 'Discovery', kind: 'open', probability: 15, sort_order: 8 }, 201),
  );
  stageIds = Object.fromEntries(
    pipelineStageListSchema.parse(await api(adminToken, 'GET', `/crm/pipeline-stage-options?tenant_id=${tenantId}`)).map((stage) => [stage.name, stage.id]),
  );

  // Goals, each someone's: the callers below call on others' goals.
  await addGoal('others', 'other', "Edda's week", 6, -2, 4);
  await addGoal('owns', 'own', "Olga's day", 3, 0, 0);
  await addGoal('teams', 'team', "Tomas's sprint", 4, -10, 0);
  await addGoal('ended', 'other', 'Ended yesterday', 9, -7, -1);
  await addGoal('upcoming', 'team', 'Starts tomorrow', 7, 1, 5);
  await addGoal('departed', 'departed', "Dana's goal", 2, 0, 1);

  // Prospects, owned by their creator; four left to no one.
  const prospectIds: Record<string, string> = {};
  const owners: [Person, string[]][] = [
    ['own', ['Olive', 'Oak', 'Orchid', 'Otter', 'Onyx']],
    ['team', ['Tulip', 'Teak', 'Yew', 'Thyme', 'Torch']],
    ['other', ['Elm', 'Ebony', 'Eagle', 'Echo', 'Old inbound']],
    ['team', ['Older inbound']],
    ['admin', ['Ash', 'Aspen', 'Alder', 'Nova', 'Nectar', 'Nimbus', 'Nettle']],
  ];
  for (const [who, names] of owners) for (const name of names) prospectIds[name] = await addProspect(who, name);
  const unassigned = ['Nova', 'Nectar', 'Nimbus', 'Nettle'].map((name) => prospectIds[name]);
  await api(as('admin'), 'POST', '/crm/prospects/assign', { tenant_id: tenantId, owner_id: null, ids: unassigned });
  // Made long before the ranges' today: outside today's cohort, inside sixty days'.
  await backdate(prospects, prospectIds['Old inbound'], { createdAt: '40 days' });
  await backdate(prospects, prospectIds['Older inbound'], { createdAt: '50 days' });

  // Calls: the own user on her own goal and on none (she may not count calls on others' goals), the
  // team user on their teammate's (the own user's) goal and on none, the other user (all records) on
  // all three (one of them theirs); on the list and in the queue, on prospects of their own, of
  // others they see and of no one.
  await changeStatus('own', prospectIds.Olive, 'No Answer', null);
  const oak = await changeStatus('own', prospectIds.Oak, 'Interested', 'owns');
  await queueCall('own', 'Nova', null, { callbackInDays: 1 });
  await queueCall('own', 'Nectar', 'owns', { status: 'Not Interested' });
  await changeStatus('team', prospectIds.Tulip, 'Call Back', 'owns');
  const teak = await queueCall('team', 'Teak', 'owns', { status: 'Interested' });
  await queueCall('team', 'Orchid', null, { status: 'No Answer' });
  const ash = await changeStatus('other', prospectIds.Ash, 'Interested', 'teams');
  await changeStatus('other', prospectIds.Elm, 'Interested', 'others'); // its lead keeps no value
  await changeStatus('other', prospectIds.Ebony, 'No Answer', 'owns');
  await queueCall('other', 'Eagle', 'teams', { status: 'Do Not Call' });
  // A goal the caller may not see takes no call: the own user on the other user's, the team user on it too.
  for (const [who, prospect] of [
    ['own', 'Onyx'],
    ['team', 'Torch'],
  ] as const) {
    const refusedGoal = await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects/change-status',
      token: as(who),
      body: { prospect_id: prospectIds[prospect], status_id: statuses['No Answer'].id, prospect_contacted: true, goal_id: goalIds.others },
    });
    expect([refusedGoal.statusCode, refusedGoal.json().detail]).toEqual([403, expect.stringMatching(/^goal_id: /)]);
  }
  // A user who called on the own user's goal and had a goal of their own, then left: their call and goal are no one's.
  await changeStatus('departed', prospectIds.Aspen, 'No Answer', 'owns');
  await changeStatus('departed', prospectIds.Alder, 'No Answer', 'departed');
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/auth/users/${people.departed.id}`, token: as('admin') }), 204);
  // A goal that ended yesterday takes no call: refused, nothing changes.
  const refused = await t.request({
    method: 'POST',
    url: '/api/v1/crm/prospects/change-status',
    token: as('other'),
    body: { prospect_id: prospectIds.Echo, status_id: statuses['No Answer'].id, prospect_contacted: true, goal_id: goalIds.ended },
  });
  expect(refused.statusCode).toBe(400);
  // Status changes without a call.
  const yew = await changeStatus('admin', prospectIds.Yew, 'Interested');
  await changeStatus('own', prospectIds.Otter, 'Call Back');
  const oldInbound = await changeStatus('other', prospectIds['Old inbound'], 'Interested');
  const olderInbound = await changeStatus('team', prospectIds['Older inbound'], 'Interested');
  await changeStatus('admin', prospectIds.Nimbus, 'Not Interested');

  // The leads made from prospects get values; some are won, one lost.
  const valued = async (lead: Lead | null, value: string) => {
    await api(as('admin'), 'PUT', `/crm/leads/${lead!.id}`, { value });
    return lead!.id;
  };
  await move(await valued(oak.lead_data, '2000.00'), 'Won');
  await valued(teak.lead_data, '300.10');
  await move(await valued(ash.lead_data, '4500.00'), 'Lost', 'Timing');
  const yewLead = await valued(yew.lead_data, '640.00');
  await move(yewLead, 'Won');
  // Handed to the other user: the team user sees Yew's prospect in the funnel's cohort, not its lead.
  await api(as('admin'), 'POST', '/crm/leads/assign', { tenant_id: tenantId, owner_id: people.other.id, ids: [yewLead] });
  // Prospects of weeks ago whose leads were made weeks ago too, and won today: the funnel's days from lead to won.
  const oldInboundLead = await valued(oldInbound.lead_data, '800.00');
  await move(oldInboundLead, 'Won');
  await backdate(leads, oldInboundLead, { createdAt: '30 days' });
  const olderInboundLead = await valued(olderInbound.lead_data, '250.00');
  await move(olderInboundLead, 'Won');
  await backdate(leads, olderInboundLead, { createdAt: '20.6 days' });

  // Deals added by hand.
  await addDeal('own', 'Atlas', '1000.00', 'New');
  const birch = await addDeal('own', 'Birch', '2500.55', 'Qualified', 35);
  await move(birch, 'Proposal'); // moved after its probability was set: keeps 35
  const cedar = await addDeal('team', 'Cedar', '999.99', 'Qualified');
  await api(as('team'), 'PUT', `/crm/leads/${cedar}`, { value: '1099.99' }); // Edit Value without a probability
  await move(cedar, 'Negotiation'); // follows its stage: 80
  await move(await addDeal('team', 'Dune', '4000.00', 'Negotiation', 50), 'Won');
  await move(await addDeal('other', 'Ember', '1234.56', 'Negotiation', 80), 'Lost', 'Budget');
  await move(await addDeal('admin', 'Fjord', '3000.00', 'Proposal'), 'Won');
  const grove = await addDeal('admin', 'Grove', '0.05', 'New'); // 0.05 × 10 % = half a cent
  const harbor = await addDeal('admin', 'Harbor', '777.77', 'Contacted');
  await move(harbor, 'Lost');
  await api(as('admin'), 'POST', '/crm/leads/assign', { tenant_id: tenantId, owner_id: null, ids: [grove, harbor] });
  await addDeal('own', 'Iris', null, 'Proposal');
  await addDeal('team', 'Juniper', '150.00', 'Discovery');
  await addDeal('team', 'Kelp', '100.00', 'Discovery', 25);
  await api(as('admin'), 'DELETE', `/crm/pipeline-stage-options/${stageIds.Discovery}`);
  const lumen = await addDeal('other', 'Lumen', '12345.67', 'Negotiation');
  await move(lumen, 'Won');
  await move(lumen, 'Negotiation'); // reopened: no longer won
  await addDeal('admin', 'Mesa', '1.50', 'Contacted', 25); // 1.50 × 25 % = 37.5 cents
  const oldDeal = await addDeal('own', 'Old deal', '500.00', 'Negotiation');
  await move(oldDeal, 'Won');
  // Made forty days ago and won thirty-five days ago: a won deal on the board, in an earlier month of the reports.
  await backdate(leads, oldDeal, { createdAt: '40 days', wonAt: '35 days' });
}

/** Quotations: the own user's with decimal quantities, a discount and tax; the admin's with whole ones. */
async function addQuotations() {
  const quotation = (who: Person, items: { description: string; quantity: number; rate: number }[], discount: number, tax: number) =>
    api(
      as(who),
      'POST',
      '/quotations',
      { tenant_id: tenantId, client_name: 'Acme Corp', title: 'Figures', items, discount_rate: discount, tax_rate: tax },
      201,
    ).then((body) => quotationSchema.parse(body).id);
  quotationIds.decimal = await quotation(
    'own',
    [
      { description: 'Half a day', quantity: 0.5, rate: 100 },
      { description: 'Hours', quantity: 1.25, rate: 80.01 },
      { description: 'A third', quantity: 0.333, rate: 19.99 },
      { description: 'Half a unit', quantity: 0.5, rate: 12.35 },
    ],
    12.5,
    8.25,
  );
  quotationIds.whole = await quotation(
    'admin',
    [
      { description: 'Seats', quantity: 2, rate: 10 },
      { description: 'Add-ons', quantity: 3, rate: 0.99 },
    ],
    0,
    20,
  );
}

// ---------------------------------------------------------------------------------------------
// The rows, read back from the database, and what each viewer sees of them.
// ---------------------------------------------------------------------------------------------

interface Rows {
  stages: StageRow[];
  deals: DealRow[];
  prospects: ProspectRow[];
  calls: CallRow[];
  goals: GoalRow[];
  users: Map<string, { name: string; visibility: string }>;
  teamOf: Map<string, string>;
}
let rows: Rows;

interface QuotationRow {
  id: string;
  ownerId: string | null;
  discountBp: number;
  taxBp: number;
  items: { quantity: string; rate: string }[];
}
let quotationRows: QuotationRow[];

async function readRows(): Promise<Rows> {
  const stages = (
    await t.db
      .select({ id: pipelineStages.id, name: pipelineStages.name, kind: pipelineStages.kind, probability: pipelineStages.probability })
      .from(pipelineStages)
      .where(eq(pipelineStages.tenantId, tenantId))
      .orderBy(pipelineStages.sortOrder, pipelineStages.name)
  ).map((stage) => ({ ...stage, kind: stage.kind as Kind }));
  const deals = await t.db
    .select({
      id: leads.id,
      name: leads.name,
      value: leads.value,
      ownProbability: leads.probability,
      stageId: leads.pipelineStageId,
      ownerId: leads.ownerId,
      prospectId: leads.prospectId,
      wonAt: leads.wonAt,
      lostAt: leads.lostAt,
      lostReason: leads.lostReason,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .where(eq(leads.tenantId, tenantId));
  const prospectRows = await t.db
    .select({
      id: prospects.id,
      name: prospects.name,
      ownerId: prospects.ownerId,
      statusId: prospects.statusId,
      state: prospects.state,
      createdAt: prospects.createdAt,
    })
    .from(prospects)
    .where(eq(prospects.tenantId, tenantId));
  const callRows = await t.db
    .select({ callerId: calls.callerId, goalId: calls.goalId, prospectId: calls.prospectId, day: calls.day })
    .from(calls)
    .where(eq(calls.tenantId, tenantId));
  const goalRows = await t.db
    .select({ id: goals.id, name: goals.name, userId: goals.userId, targetCount: goals.targetCount, startDate: goals.startDate, endDate: goals.endDate })
    .from(goals)
    .where(eq(goals.tenantId, tenantId));
  const userRows = await t.db.select({ id: users.id, fullName: users.fullName, email: users.email, visibility: users.visibility }).from(users);
  const members = await t.db.select({ userId: teamMembers.userId, teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.tenantId, tenantId));
  return {
    stages,
    deals,
    prospects: prospectRows,
    calls: callRows,
    goals: goalRows,
    users: new Map(userRows.map((user) => [user.id, { name: user.fullName || user.email, visibility: user.visibility }])),
    teamOf: new Map(members.map((member) => [member.userId, member.teamId])),
  };
}

/** The tenant's quotations as stored: their owner, rates and lines. */
async function readQuotations(): Promise<QuotationRow[]> {
  // The lines as stored: jsonb keeps each number's digits, read here as text.
  const lines = rowsOf<{ id: string; owner_id: string | null; discount_bp: number; tax_bp: number; quantity: string; rate: string }>(
    await t.db.execute(sql`
      select q.id, q.owner_id, q.discount_rate_bp as discount_bp, q.tax_rate_bp as tax_bp, line->>'quantity' as quantity, line->>'rate' as rate
      from ${quotations} q cross join lateral jsonb_array_elements(q.items) with ordinality as l(line, position)
      where q.tenant_id = ${tenantId} order by q.id, l.position`),
  );
  const byId = new Map<string, QuotationRow>();
  for (const line of lines) {
    if (!byId.has(line.id))
      byId.set(line.id, { id: line.id, ownerId: line.owner_id, discountBp: Number(line.discount_bp), taxBp: Number(line.tax_bp), items: [] });
    byId.get(line.id)!.items.push({ quantity: line.quantity, rate: line.rate });
  }
  return [...byId.values()];
}

/** The owners whose records a viewer sees besides the unassigned ones: all (admins, visibility all), their team's (team), their own. */
function ownersSeenBy(viewer: Viewer): 'all' | Set<string> {
  const id = people[viewer].id;
  if (viewer === 'admin' || rows.users.get(id)!.visibility === 'all') return 'all';
  const team = rows.teamOf.get(id);
  if (rows.users.get(id)!.visibility === 'team' && team)
    return new Set([id, ...[...rows.teamOf].filter(([, teamOfUser]) => teamOfUser === team).map(([user]) => user)]);
  return new Set([id]);
}
/** A record: its owner is one the viewer sees, or no one. */
const seesRecord = (viewer: Viewer, ownerId: string | null) => {
  const seen = ownersSeenBy(viewer);
  return ownerId === null || seen === 'all' || seen.has(ownerId);
};
/** A call always had a caller: own sees their calls, team their team's, all everyone's (a deleted caller's too). */
const seesCaller = (viewer: Viewer, callerId: string | null) => {
  const seen = ownersSeenBy(viewer);
  return seen === 'all' || (callerId !== null && seen.has(callerId));
};

/** The owner and team filters the lists, the board and the reports take. */
interface OwnerFilter {
  name: string;
  query: string;
  keeps: (viewer: Viewer, ownerId: string | null) => boolean;
}
const FILTERS: OwnerFilter[] = [
  { name: 'no filter', query: '', keeps: () => true },
  { name: 'owner me', query: 'owner_id=me', keeps: (viewer, ownerId) => ownerId === people[viewer].id },
  { name: 'unassigned', query: 'owner_id=none', keeps: (_viewer, ownerId) => ownerId === null },
  { name: 'the team', query: 'team_id=TEAM', keeps: (_viewer, ownerId) => ownerId !== null && rows.teamOf.get(ownerId) === teamId },
];
const queryOf = (filter: OwnerFilter) => filter.query.replace('TEAM', teamId);

const dealsSeen = (viewer: Viewer, filter: OwnerFilter = FILTERS[0]) =>
  rows.deals.filter((deal) => seesRecord(viewer, deal.ownerId) && filter.keeps(viewer, deal.ownerId));
const prospectsSeen = (viewer: Viewer, filter: OwnerFilter = FILTERS[0]) =>
  rows.prospects.filter((prospect) => seesRecord(viewer, prospect.ownerId) && filter.keeps(viewer, prospect.ownerId));
const activeProspectsSeen = (viewer: Viewer, filter?: OwnerFilter) => prospectsSeen(viewer, filter).filter((prospect) => prospect.state === 'active');

const ids = (list: { id: string }[]) => list.map((row) => row.id).sort();

async function reportJson(viewer: Viewer, kind: string, range: Range, filter: OwnerFilter = FILTERS[0]): Promise<unknown> {
  return api(as(viewer), 'GET', `/crm/reports/${kind}?tenant_id=${tenantId}&from=${range.from}&to=${range.to}&${queryOf(filter)}`);
}
async function reportCsv(viewer: Viewer, kind: string, range: Range): Promise<string[][]> {
  const response = await t.request({
    url: `/api/v1/crm/reports/${kind}?tenant_id=${tenantId}&from=${range.from}&to=${range.to}&format=csv`,
    token: as(viewer),
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
  return parseCsv(response.body);
}

beforeAll(async () => {
  t = await createTestApp();
  await buildTenant();
  rows = await readRows();
  stagesById = new Map(rows.stages.map((stage) => [stage.id, stage]));
}, 180_000);
afterAll(() => t?.close());

// ---------------------------------------------------------------------------------------------
// The checks.
// ---------------------------------------------------------------------------------------------

describe('the rows made through the API', () => {
  it('hold what the figures are about: open, won and lost deals, set and default probabilities, deals without a stage, calls on others’ goals and on none', () => {
    const byName = (name: string) => rows.deals.find((deal) => deal.name === name)!;
    expect(rows.deals).toHaveLength(21);
    expect(rows.deals.filter((deal) => deal.ownerId === null).map((deal) => deal.name)).toEqual(expect.arrayContaining(['Grove', 'Harbor']));
    expect([kindOf(byName('Birch')), byName('Birch').ownProbability, probabilityOf(byName('Birch'))]).toEqual(['open', 35, 35]);
    expect([kindOf(byName('Ember')), byName('Ember').ownProbability, probabilityOf(byName('Ember'))]).toEqual(['lost', 80, 0]);
    expect([kindOf(byName('Dune')), byName('Dune').ownProbability, probabilityOf(byName('Dune'))]).toEqual(['won', 50, 100]);
    expect([byName('Cedar').value, byName('Cedar').ownProbability, probabilityOf(byName('Cedar'))]).toEqual(['1099.99', null, 80]);
    expect([byName('Kelp').stageId, probabilityOf(byName('Kelp')), byName('Juniper').stageId, probabilityOf(byName('Juniper'))]).toEqual([null, 25, null, 0]);
    expect([byName('Lumen').wonAt, kindOf(byName('Lumen'))]).toEqual([null, 'open']);
    // Every call kept its caller (the departed user's are no one's now); callers called on others' goals, and on none.
    expect(rows.calls).toHaveLength(13);
    expect(new Set(rows.calls.map((call) => call.callerId))).toEqual(new Set([people.own.id, people.team.id, people.other.id, null]));
    const goalOwner = new Map(rows.goals.map((goal) => [goal.id, goal.userId]));
    const onGoal = rows.calls.filter((call) => call.goalId !== null);
    const onOwnGoal = onGoal.filter((call) => call.callerId === goalOwner.get(call.goalId!));
    expect(onOwnGoal.map((call) => call.callerId).sort()).toEqual([people.own.id, people.own.id, people.other.id, null].sort());
    expect(onGoal.length - onOwnGoal.length).toBe(6);
    expect(rows.calls.filter((call) => call.goalId === null).map((call) => call.callerId)).toEqual(
      expect.arrayContaining([people.own.id, people.own.id, people.team.id]),
    );
    expect(rows.calls.filter((call) => call.goalId === null)).toHaveLength(3);
    expect(rows.calls.some((call) => call.goalId === goalIds.ended)).toBe(false);
    // The callback recorded the tenant's callback status.
    expect(rows.prospects.find((prospect) => prospect.name === 'Nova')!.statusId).toBe(statuses['Call Back'].id);
  });

  it('give, worked out by hand for the admin, the figures the definitions give', () => {
    const all = dealsSeen('admin');
    // Open: 1000.00 at 10 %, 2500.55 at its own 35 %, 1099.99 at 80 %, 0.05 at 10 %, nothing at 60 %, 150.00 and 100.00 without a stage (0 % and their own 25 %),
    // 12345.67 at 80 %, 1.50 at its own 25 %, 300.10 and nothing at 10 %.
    expect(pipelineOf(all)).toEqual({ count: 11, value: '17497.86', weighted_value: '11787.12' });
    expect(closedOf(all, 'won')).toEqual({ count: 7, value: '11190.00' });
    expect(closedOf(all, 'lost')).toEqual({ count: 3, value: '6512.33' });
    const cohort = (range: Range) => prospectsSeen('admin').filter((prospect) => onDayIn(prospect.createdAt, range));
    expect(funnelOf(cohort(RANGES.today), all)).toEqual({ cohort: 21, became: 5, won: 2, medianDays: 0 });
    expect(funnelOf(cohort(RANGES['sixty days']), all)).toEqual({ cohort: 23, became: 7, won: 4, medianDays: 10.3 });
    const today7 = callsByUser(rows.calls, rows.goals, RANGES.today, () => true);
    expect(today7.find((row) => row.user_id === null)).toEqual({ day: today, user_id: null, calls: 2, target: 2 });
    expect(today7.reduce((total, row) => total + row.calls, 0)).toBe(13);
  });

  it('give, worked out by hand for the own and the team user, what they see', () => {
    // Own: their Atlas, Birch and Iris and the unassigned Grove are open; Old deal and Oak won; the unassigned Harbor lost.
    expect([pipelineOf(dealsSeen('own')), closedOf(dealsSeen('own'), 'won'), closedOf(dealsSeen('own'), 'lost')]).toEqual([
      { count: 4, value: '3500.60', weighted_value: '975.20' },
      { count: 2, value: '2500.00' },
      { count: 1, value: '777.77' },
    ]);
    // Team: also the team user's Cedar, Juniper, Kelp and Teak open, Dune and Older inbound won; not Yew, handed to the other user.
    expect([pipelineOf(dealsSeen('team')), closedOf(dealsSeen('team'), 'won'), closedOf(dealsSeen('team'), 'lost')]).toEqual([
      { count: 8, value: '5150.69', weighted_value: '1910.20' },
      { count: 4, value: '6750.00' },
      { count: 1, value: '777.77' },
    ]);
    expect(VIEWERS.map((viewer) => activeProspectsSeen(viewer).length)).toEqual([13, 6, 9]);
  });
});

describe.each(VIEWERS)('seen by the %s user', (viewer) => {
  it.each(FILTERS.map((filter) => [filter.name, filter] as const))(
    'the board summary (%s): per stage count, value and weighted value; the open pipeline; won and lost',
    async (_name, filter) => {
      const summary = pipelineSummarySchema.parse(await api(as(viewer), 'GET', `/crm/pipeline/summary?tenant_id=${tenantId}&${queryOf(filter)}`));
      const want = boardOf(dealsSeen(viewer, filter), rows.stages);
      expect(summary.stages).toEqual(want.stages);
      expect({ pipeline: summary.pipeline, won: summary.won, lost: summary.lost }).toEqual({ pipeline: want.pipeline, won: want.won, lost: want.lost });
    },
  );

  it.each(FILTERS.map((filter) => [filter.name, filter] as const))(
    "the leads list (%s): the deals seen, each with its effective probability; per stage the list's count and value sum are the board's",
    async (_name, filter) => {
      const list = async (extra = '') =>
        leadListResponseSchema.parse(await api(as(viewer), 'GET', `/crm/leads?tenant_id=${tenantId}&limit=100&${queryOf(filter)}${extra}`));
      const seen = dealsSeen(viewer, filter);
      const all = await list();
      expect(ids(all.leads)).toEqual(ids(seen));
      expect(all.pagination.total).toBe(seen.length);
      for (const lead of all.leads) {
        const deal = seen.find((row) => row.id === lead.id)!;
        expect({ name: lead.name, value: lead.value, probability: lead.probability, own: lead.own_probability, stage: lead.stage_probability }).toEqual({
          name: deal.name,
          value: deal.value,
          probability: probabilityOf(deal),
          own: deal.ownProbability,
          stage: stageProbability(deal),
        });
      }
      const summary = pipelineSummarySchema.parse(await api(as(viewer), 'GET', `/crm/pipeline/summary?tenant_id=${tenantId}&${queryOf(filter)}`));
      for (const column of summary.stages) {
        const inStage = await list(`&pipeline_stage_id=${column.pipeline_stage_id}`);
        expect({ count: inStage.pagination.total, value: amountText(sum(inStage.leads.map((lead) => cents(lead.value)))) }).toEqual({
          count: column.count,
          value: column.value,
        });
      }
      // The leads in no column (their stage is gone) are open: the open columns and they make the pipeline.
      const stageless = all.leads.filter((lead) => lead.pipeline_stage_id === null);
      const openColumns = summary.stages.filter((column) => stagesById.get(column.pipeline_stage_id)!.kind === 'open');
      expect(amountText(sum([...openColumns.map((column) => cents(column.value)), ...stageless.map((lead) => cents(lead.value))]))).toBe(
        summary.pipeline.value,
      );
      expect(openColumns.reduce((count, column) => count + column.count, stageless.length)).toBe(summary.pipeline.count);
    },
  );

  it('the board summary and the leads list for a search ("old"): the same deals, the same figures', async () => {
    // Names are the only searched field that holds "old" here (the phones are digits, the leads have no email).
    const found = dealsSeen(viewer).filter((deal) => deal.name.toLowerCase().includes('old'));
    expect(found.length).toBeGreaterThan(0);
    const summary = pipelineSummarySchema.parse(await api(as(viewer), 'GET', `/crm/pipeline/summary?tenant_id=${tenantId}&q=old`));
    expect(summary).toEqual({ currency: 'USD', ...boardOf(found, rows.stages) });
    const list = leadListResponseSchema.parse(await api(as(viewer), 'GET', `/crm/leads?tenant_id=${tenantId}&limit=100&q=old`));
    expect(ids(list.leads)).toEqual(ids(found));
    expect(amountText(sum(list.leads.map((lead) => cents(lead.value))))).toBe(amountText(valueOf(found)));
  });

  it.each([...FILTERS.map((filter) => [filter.name, filter, undefined] as const), ['status Call Back', FILTERS[0], 'Call Back'] as const])(
    "the prospects list's total (%s): the active prospects seen",
    async (_name, filter, status) => {
      const statusQuery = status ? `&status_id=${statuses[status].id}` : '';
      const list = prospectListResponseSchema.parse(
        await api(as(viewer), 'GET', `/crm/prospects?tenant_id=${tenantId}&limit=100&${queryOf(filter)}${statusQuery}`),
      );
      const seen = activeProspectsSeen(viewer, filter).filter((prospect) => !status || prospect.statusId === statuses[status].id);
      expect(list.pagination.total).toBe(seen.length);
      expect(ids(list.prospects)).toEqual(ids(seen));
    },
  );

  it("the dashboard: active prospects seen, the user's own calls today beside their own goals' targets, and those of the callers seen", async () => {
    const stats = dashboardStatsSchema.parse(await api(as(viewer), 'GET', `/crm/dashboard?tenant_id=${tenantId}`));
    const me = people[viewer].id;
    const callsToday = (keeps: (id: string | null) => boolean) => rows.calls.filter((call) => call.day === today && keeps(call.callerId)).length;
    const targetToday = (keeps: (id: string | null) => boolean) =>
      rows.goals.filter((goal) => isActiveOn(goal, today) && keeps(goal.userId)).reduce((total, goal) => total + goal.targetCount, 0);
    const seen = ownersSeenBy(viewer);
    const onlyMine = seen !== 'all' && [...seen].every((id) => id === me);
    const visible = (id: string | null) => seesCaller(viewer, id);
    expect(stats).toEqual({
      total_prospects: activeProspectsSeen(viewer).length,
      today_calls_made: callsToday((id) => id === me),
      today_calls_goal: targetToday((id) => id === me),
      visible_calls: onlyMine ? null : { scope: seen === 'all' ? 'all' : 'team', made: callsToday(visible), goal: targetToday(visible) },
    });
    const list = prospectListResponseSchema.parse(await api(as(viewer), 'GET', `/crm/prospects?tenant_id=${tenantId}&limit=1`));
    expect(stats.total_prospects).toBe(list.pagination.total);
  });

  it('goal progress: the calls on each goal by whoever made them, on its active days, of the goals seen as records; only active goals are offered', async () => {
    const seenGoals = rows.goals.filter((goal) => seesRecord(viewer, goal.userId));
    const list = goalListSchema.parse(await api(as(viewer), 'GET', `/crm/goals?tenant_id=${tenantId}`));
    expect(ids(list)).toEqual(ids(seenGoals));
    for (const goal of list)
      expect({ name: goal.name, daily_calls: goal.daily_calls }).toEqual({
        name: goal.name,
        daily_calls: progressOf(
          rows.goals.find((row) => row.id === goal.id)!,
          rows.calls,
        ),
      });
    const offered = goalListSchema.parse(await api(as(viewer), 'GET', `/crm/goals?tenant_id=${tenantId}&active=true`));
    expect(ids(offered)).toEqual(ids(seenGoals.filter((goal) => isActiveOn(goal, today))));
  });

  describe.each(Object.entries(RANGES))('over %s', (_rangeName, range) => {
    it.each(FILTERS.map((filter) => [filter.name, filter] as const))(
      'the Pipeline report (%s): the board over the leads created in the range',
      async (_name, filter) => {
        const report = pipelineReportSchema.parse(await reportJson(viewer, 'pipeline', range, filter));
        const want = boardOf(
          dealsSeen(viewer, filter).filter((deal) => onDayIn(deal.createdAt, range)),
          rows.stages,
        );
        expect(report.stages.map(({ pipeline_stage_id, count, value, weighted_value }) => ({ pipeline_stage_id, count, value, weighted_value }))).toEqual(
          want.stages,
        );
        expect(report.stages.map((stage) => [stage.name, stage.kind])).toEqual(rows.stages.map((stage) => [stage.name, stage.kind]));
        expect({ pipeline: report.pipeline, won: report.won, lost: report.lost }).toEqual({ pipeline: want.pipeline, won: want.won, lost: want.lost });
      },
    );

    it('the Pipeline report as CSV: the same figures', async () => {
      const want = boardOf(
        dealsSeen(viewer).filter((deal) => onDayIn(deal.createdAt, range)),
        rows.stages,
      );
      expect(await reportCsv(viewer, 'pipeline', range)).toEqual([
        ['Stage', 'Kind', 'Leads', 'Value (USD)', 'Weighted value (USD)'],
        ...rows.stages.map((stage, index) => [
          stage.name,
          stage.kind,
          String(want.stages[index].count),
          want.stages[index].value,
          want.stages[index].weighted_value ?? '',
        ]),
        ['Open pipeline', 'open', String(want.pipeline.count), want.pipeline.value, want.pipeline.weighted_value],
        ['Won', 'won', String(want.won.count), want.won.value, ''],
        ['Lost', 'lost', String(want.lost.count), want.lost.value, ''],
      ]);
    });

    /** Won and lost per month of the range, the total with its win rate, and the lost reasons. */
    function wonLostWanted(filter: OwnerFilter) {
      const seen = dealsSeen(viewer, filter);
      const months = eachMonthOfInterval({ start: parseISO(range.from), end: parseISO(range.to) }).map((month) => format(month, 'yyyy-MM'));
      const figures = (of: { won: DealRow[]; lost: DealRow[] }) => ({
        won_count: of.won.length,
        won_value: amountText(valueOf(of.won)),
        lost_count: of.lost.length,
        lost_value: amountText(valueOf(of.lost)),
        win_rate: rateOf(of.won.length, of.won.length + of.lost.length),
      });
      const total = wonLostOf(seen, range);
      const reasons = new Map<string, number>();
      for (const deal of total.lost) {
        const reason = deal.lostReason?.trim() || 'No reason given';
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      }
      const inMonth = (month: string) => (at: Date | null) => at !== null && format(at, 'yyyy-MM') === month;
      return {
        months: months.map((month) => ({
          month,
          ...figures({ won: total.won.filter((deal) => inMonth(month)(deal.wonAt)), lost: total.lost.filter((deal) => inMonth(month)(deal.lostAt)) }),
        })),
        total: figures(total),
        lost_reasons: [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
      };
    }

    it.each(FILTERS.map((filter) => [filter.name, filter] as const))(
      'the Won and lost report (%s): by won_at and lost_at, the win rate by count, the lost reasons',
      async (_name, filter) => {
        const report = wonLostReportSchema.parse(await reportJson(viewer, 'won-lost', range, filter));
        const want = wonLostWanted(filter);
        expect(report.months).toEqual(want.months);
        expect(report.total).toEqual(want.total);
        expect(report.lost_reasons).toEqual(want.lost_reasons);
        expect(report.total.win_rate ?? 0).toBeLessThanOrEqual(1);
      },
    );

    it('the Won and lost report as CSV: the same figures', async () => {
      const want = wonLostWanted(FILTERS[0]);
      const row = (label: string, figures: typeof want.total) => [
        label,
        String(figures.won_count),
        figures.won_value,
        String(figures.lost_count),
        figures.lost_value,
        percentText(figures.won_count, figures.won_count + figures.lost_count),
      ];
      expect(await reportCsv(viewer, 'won-lost', range)).toEqual([
        ['Month', 'Won', 'Won value (USD)', 'Lost', 'Lost value (USD)', 'Win rate'],
        ...want.months.map((month) => row(month.month, month)),
        row('Total', want.total),
        [],
        ['Lost reason', 'Leads'],
        ...want.lost_reasons.map((reason) => [reason.reason, String(reason.count)]),
      ]);
    });

    /** The Calls report's rows: per caller and day, the calls they made beside the targets of their own goals, for the callers the viewer sees. */
    const callsWanted = (filter: OwnerFilter) =>
      callsByUser(rows.calls, rows.goals, range, (userId) => seesCaller(viewer, userId) && filter.keeps(viewer, userId));
    const byDayAndUser = (list: { day: string; user_id: string | null }[]) =>
      [...list].sort((a, b) => a.day.localeCompare(b.day) || String(a.user_id).localeCompare(String(b.user_id)));

    it.each(FILTERS.map((filter) => [filter.name, filter] as const))(
      'the Calls report (%s): calls by their caller on any goal, beside the targets of the caller’s own active goals',
      async (_name, filter) => {
        const report: CallsReport = callsReportSchema.parse(await reportJson(viewer, 'calls', range, filter));
        const want = callsWanted(filter);
        expect(byDayAndUser(report.days)).toEqual(byDayAndUser(want));
        expect(report.days.map((day) => day.day)).toEqual([...report.days.map((day) => day.day)].sort());
        expect(report.total_calls).toBe(want.reduce((total, day) => total + day.calls, 0));
        const named = [...new Set(want.map((day) => day.user_id))].map((id) => ({ user_id: id, name: id === null ? 'No user' : rows.users.get(id)!.name }));
        expect([...report.users].sort((a, b) => String(a.user_id).localeCompare(String(b.user_id)))).toEqual(
          named.sort((a, b) => String(a.user_id).localeCompare(String(b.user_id))),
        );
      },
    );

    it('the Calls report as CSV: the same figures', async () => {
      const want = callsWanted(FILTERS[0]);
      const nameOf = (id: string | null) => (id === null ? 'No user' : rows.users.get(id)!.name);
      const [header, ...lines] = await reportCsv(viewer, 'calls', range);
      expect(header).toEqual(['Day', 'User', 'Calls', 'Target']);
      const sorted = (list: string[][]) => [...list].sort((a, b) => a.join('|').localeCompare(b.join('|')));
      expect(sorted(lines)).toEqual(sorted(want.map((day) => [day.day, nameOf(day.user_id), String(day.calls), String(day.target)])));
    });

    /** The funnel's cohort: the prospects created in the range (of the owner or team asked for) that the viewer sees, and the leads they see. */
    const funnelWanted = (filter: OwnerFilter) =>
      funnelOf(
        prospectsSeen(viewer, filter).filter((prospect) => onDayIn(prospect.createdAt, range)),
        dealsSeen(viewer),
      );

    it.each(FILTERS.map((filter) => [filter.name, filter] as const))(
      'the Funnel report (%s): a cohort of the prospects created in the range, each step part of the one before',
      async (_name, filter) => {
        const report = funnelReportSchema.parse(await reportJson(viewer, 'funnel', range, filter));
        const want = funnelWanted(filter);
        expect(report.steps).toEqual([
          { step: 'prospects', count: want.cohort, rate: null },
          { step: 'leads', count: want.became, rate: rateOf(want.became, want.cohort) },
          { step: 'won', count: want.won, rate: rateOf(want.won, want.became) },
        ]);
        expect(report.median_days_to_won).toBe(want.medianDays);
      },
    );

    it('the Funnel report as CSV: the same figures', async () => {
      const want = funnelWanted(FILTERS[0]);
      expect(await reportCsv(viewer, 'funnel', range)).toEqual([
        ['Step', 'Count', 'Conversion rate'],
        ['prospects', String(want.cohort), ''],
        ['leads', String(want.became), percentText(want.became, want.cohort)],
        ['won', String(want.won), percentText(want.won, want.became)],
        ['Median days from lead to won', want.medianDays === null ? '' : String(want.medianDays), ''],
      ]);
    });
  });
});

describe('quotations', () => {
  // Made apart from the rest: a quotation refused does not hide the other figures.
  beforeAll(async () => {
    await addQuotations();
    quotationRows = await readQuotations();
  });

  it('keep the decimal quantities as typed: 0.5, 1.25, 0.333 and 0.5', () => {
    expect(quotationRows.find((quotation) => quotation.id === quotationIds.decimal)!.items.map((item) => item.quantity)).toEqual([
      '0.5',
      '1.25',
      '0.333',
      '0.5',
    ]);
  });

  it('give, worked out by hand, the money the definitions give: 0.5 × $100.00 is $50.00', () => {
    const decimal = quotationRows.find((quotation) => quotation.id === quotationIds.decimal)!;
    const money = quotationMoney(decimal.items, decimal.discountBp, decimal.taxBp);
    expect([...money.lines, money.subtotal, money.discount, money.tax, money.total].map(amountText)).toEqual([
      '50.00',
      '100.01',
      '6.66',
      '6.18',
      '162.85',
      '20.36',
      '11.76',
      '154.25',
    ]);
  });

  describe.each(VIEWERS)('seen by the %s user', (viewer) => {
    it("each line's amount, the subtotal, discount, tax and total, in the quotation and in the list with its total value", async () => {
      const seen = quotationRows.filter((quotation) => seesRecord(viewer, quotation.ownerId));
      const list = quotationListResponseSchema.parse(await api(as(viewer), 'GET', `/quotations?tenant_id=${tenantId}&limit=100`));
      expect(ids(list.quotations)).toEqual(ids(seen));
      const figures = (quotation: {
        items: { quantity: number; amount: number }[];
        subtotal: number;
        discount_amount: number;
        tax_amount: number;
        total: number;
      }) => ({
        quantities: quotation.items.map((item) => item.quantity),
        amounts: quotation.items.map((item) => item.amount),
        subtotal: quotation.subtotal,
        discount: quotation.discount_amount,
        tax: quotation.tax_amount,
        total: quotation.total,
      });
      let totalValue = 0n;
      for (const row of seen) {
        const money = quotationMoney(row.items, row.discountBp, row.taxBp);
        totalValue += money.total;
        const want = {
          quantities: row.items.map((item) => Number(item.quantity)),
          amounts: money.lines.map(dollars),
          subtotal: dollars(money.subtotal),
          discount: dollars(money.discount),
          tax: dollars(money.tax),
          total: dollars(money.total),
        };
        expect(figures(quotationDetailSchema.parse(await api(as(viewer), 'GET', `/quotations/${row.id}`)))).toEqual(want);
        expect(figures(list.quotations.find((quotation) => quotation.id === row.id)!)).toEqual(want);
      }
      expect({ total: list.summary.total, total_value: list.summary.total_value }).toEqual({ total: seen.length, total_value: dollars(totalValue) });
    });
  });
});

/*
 * An EUR tenant: it sold in USD, then its admin set its currency to EUR. Its quotations made before
 * stay in USD; those made after are in EUR. Every figure adds up amounts of one currency only: the
 * quotations list's total value those in EUR (naming the currency and counting the others apart), a
 * lead's value takes an accepted quotation's total only in EUR, and the board and the reports are in
 * EUR. The figures are worked out from the rows, for the admin and an own-records user.
 */
describe('an EUR tenant', () => {
  type EuroViewer = 'admin' | 'own';
  let euroTenant: string;
  const euroPeople = {} as Record<EuroViewer, { id: string; token: string }>;
  const euroStages = new Map<string, Kind>();
  let euroPhone = 5000;

  const euroApi = <T>(who: EuroViewer, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, status = 200) =>
    api<T>(euroPeople[who].token, method, url, body, status);
  async function euroLead(who: EuroViewer, name: string, value: string | null, stage: string): Promise<string> {
    euroPhone += 1;
    const stages = pipelineStageListSchema.parse(await euroApi('admin', 'GET', `/crm/pipeline-stage-options?tenant_id=${euroTenant}`));
    const body = { tenant_id: euroTenant, name, phone1: `+1 555 072 ${euroPhone}`, value, pipeline_stage_id: stages.find((row) => row.name === stage)!.id };
    return leadSchema.parse(await euroApi(who, 'POST', '/crm/leads', body, 201)).id;
  }
  async function euroQuotation(
    who: EuroViewer,
    items: { description: string; quantity: number; rate: number }[],
    discount: number,
    tax: number,
    leadId?: string,
  ) {
    const body = { tenant_id: euroTenant, client_name: 'Euro Buyer', title: 'Euro figures', items, discount_rate: discount, tax_rate: tax, lead_id: leadId };
    const id = quotationSchema.parse(await euroApi(who, 'POST', '/quotations', body, 201)).id;
    await euroApi(who, 'POST', `/quotations/${id}/send`);
    return id;
  }
  const accept = (id: string) => euroApi('admin', 'POST', `/quotations/${id}/accept`, { name: 'Euro Buyer' });

  interface EuroQuotation extends QuotationRow {
    currency: string;
  }
  let euroQuotations: EuroQuotation[];
  let euroDeals: { id: string; name: string; value: string | null; ownerId: string | null; kind: Kind }[];
  const euroIds = {} as Record<'alder' | 'birch' | 'dollars' | 'euros', string>;

  beforeAll(async () => {
    euroPeople.admin = people.admin;
    euroTenant = tenantSchema.parse(await euroApi('admin', 'POST', '/crm/tenants', { name: 'Figures Euro Co', domain: 'figures-euro.example.com' }, 201)).id;
    const body = {
      email: 'figures-euro-own@example.com',
      full_name: 'Oskar Own',
      password: 'figures-password',
      tenant_id: euroTenant,
      is_staff: true,
      visibility: 'own',
    };
    const user = userSchema.parse(await euroApi('admin', 'POST', '/auth/users', body, 201));
    euroPeople.own = { id: user.id, token: await t.login('figures-euro-own@example.com', 'figures-password') };
    for (const stage of pipelineStageListSchema.parse(await euroApi('admin', 'GET', `/crm/pipeline-stage-options?tenant_id=${euroTenant}`)))
      euroStages.set(stage.id, stage.kind as Kind);

    // In USD: the own user's quotation for Alder, a lead without a value.
    euroIds.alder = await euroLead('own', 'Euro Alder', null, 'Proposal');
    euroIds.dollars = await euroQuotation('own', [{ description: 'Setup', quantity: 1.5, rate: 99.99 }], 0, 10, euroIds.alder);
    await euroApi('admin', 'PUT', `/crm/tenants/${euroTenant}`, { currency: 'EUR' });
    // In EUR: the admin's for Birch (decimal quantities, a discount and tax), the own user's without a lead, and an open deal.
    euroIds.birch = await euroLead('admin', 'Euro Birch', null, 'Negotiation');
    const lines = [
      { description: 'Storage', quantity: 0.5, rate: 163.2 },
      { description: 'Support hours', quantity: 1.25, rate: 80.01 },
    ];
    euroIds.euros = await euroQuotation('admin', lines, 5, 19, euroIds.birch);
    await euroQuotation('own', [{ description: 'Licences', quantity: 2.5, rate: 40.1 }], 0, 20);
    await euroLead('own', 'Euro Cedar', '1500.50', 'Qualified');
    await accept(euroIds.dollars);
    await accept(euroIds.euros);

    const lineRows = rowsOf<{ id: string; owner_id: string | null; currency: string; discount_bp: number; tax_bp: number; quantity: string; rate: string }>(
      await t.db.execute(sql`
        select q.id, q.owner_id, q.currency, q.discount_rate_bp as discount_bp, q.tax_rate_bp as tax_bp, line->>'quantity' as quantity, line->>'rate' as rate
        from ${quotations} q cross join lateral jsonb_array_elements(q.items) with ordinality as l(line, position)
        where q.tenant_id = ${euroTenant} order by q.id, l.position`),
    );
    const byId = new Map<string, EuroQuotation>();
    for (const line of lineRows) {
      if (!byId.has(line.id))
        byId.set(line.id, {
          id: line.id,
          ownerId: line.owner_id,
          currency: line.currency,
          discountBp: Number(line.discount_bp),
          taxBp: Number(line.tax_bp),
          items: [],
        });
      byId.get(line.id)!.items.push({ quantity: line.quantity, rate: line.rate });
    }
    euroQuotations = [...byId.values()];
    const deals = await t.db
      .select({ id: leads.id, name: leads.name, value: leads.value, ownerId: leads.ownerId, stageId: leads.pipelineStageId })
      .from(leads)
      .where(eq(leads.tenantId, euroTenant));
    euroDeals = deals.map((deal) => ({ ...deal, kind: (deal.stageId && euroStages.get(deal.stageId)) || 'open' }));
  }, 120_000);

  /** Admins see every record; the own user their own and the unassigned ones. */
  const seenBy = (viewer: EuroViewer, ownerId: string | null) => viewer === 'admin' || ownerId === null || ownerId === euroPeople.own.id;
  const totalOf = (row: EuroQuotation) => quotationMoney(row.items, row.discountBp, row.taxBp).total;

  it('hold a quotation in USD made before the change and two in EUR; only the EUR one accepted gave its lead its total, worked out by hand', () => {
    expect(euroQuotations.map((row) => row.currency).sort()).toEqual(['EUR', 'EUR', 'USD']);
    const euros = euroQuotations.find((row) => row.id === euroIds.euros)!;
    // 81.60 + 100.01 (1.25 × 80.01 = 100.0125) = 181.61; discount 9.08; tax 19 % of 172.53 = 32.78; total 205.31.
    expect(amountText(totalOf(euros))).toBe('205.31');
    expect(euroDeals.find((deal) => deal.id === euroIds.birch)).toMatchObject({ value: '205.31', kind: 'won' });
    expect(euroDeals.find((deal) => deal.id === euroIds.alder)).toMatchObject({ value: null, kind: 'won' });
  });

  it("says on the lead's timeline why the USD quotation's total did not become its value", async () => {
    const { entries } = timelineResponseSchema.parse(await euroApi('admin', 'GET', `/crm/leads/${euroIds.alder}/timeline`));
    const number = quotationSchema.parse(await euroApi('admin', 'GET', `/quotations/${euroIds.dollars}`)).number;
    expect(entries.map((entry) => entry.notes)).toContain(`Value not set from quotation ${number}: the quotation is in USD and the lead's value is in EUR`);
  });

  describe.each<EuroViewer>(['admin', 'own'])('seen by the %s user', (viewer) => {
    it("each quotation's total in its own currency; the list's total value is the sum of those in EUR, and names EUR and the others left out", async () => {
      const seen = euroQuotations.filter((row) => seenBy(viewer, row.ownerId));
      const list = quotationListResponseSchema.parse(await euroApi(viewer, 'GET', `/quotations?tenant_id=${euroTenant}&limit=100`));
      expect(list.quotations.map((quotation) => [quotation.id, quotation.currency, quotation.total]).sort()).toEqual(
        seen.map((row) => [row.id, row.currency, dollars(totalOf(row))]).sort(),
      );
      const inEuros = seen.filter((row) => row.currency === 'EUR');
      expect(list.summary).toMatchObject({
        total: seen.length,
        currency: 'EUR',
        total_value: dollars(sum(inEuros.map(totalOf))),
        other_currencies: seen.length - inEuros.length,
      });
      expect(list.summary.other_currencies).toBe(1);
    });

    it('the board and the won and lost report: in EUR, the open pipeline and the won value the sums of the deals’ values', async () => {
      const deals = euroDeals.filter((deal) => seenBy(viewer, deal.ownerId));
      const valueOfKind = (kind: Kind) => amountText(sum(deals.filter((deal) => deal.kind === kind).map((deal) => cents(deal.value))));
      const summary = pipelineSummarySchema.parse(await euroApi(viewer, 'GET', `/crm/pipeline/summary?tenant_id=${euroTenant}`));
      expect({ currency: summary.currency, open: summary.pipeline.value, won: summary.won.value }).toEqual({
        currency: 'EUR',
        open: valueOfKind('open'),
        won: valueOfKind('won'),
      });
      const report = wonLostReportSchema.parse(await euroApi(viewer, 'GET', `/crm/reports/won-lost?tenant_id=${euroTenant}&from=${today}&to=${today}`));
      expect({ currency: report.currency, won: report.total.won_value }).toEqual({ currency: 'EUR', won: valueOfKind('won') });
    });
  });
});
