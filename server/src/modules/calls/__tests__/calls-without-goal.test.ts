import {
  callCardSchema,
  callsReportSchema,
  dashboardStatsSchema,
  goalListSchema,
  GOAL_NOT_SEEN_DETAIL,
  type Goal,
  type Prospect,
  type Visibility,
} from '@app/shared/contracts';
import { eq } from 'drizzle-orm';
import { calls, goals as goalsTable, teamMembers, teams } from '../../../db/schema';
import { addDays, localDate } from '../../../lib/today';
import { expectStatus } from '../../../testing/crm-fixture';
import { ownerUser } from '../../../testing/owner-users';
import { createStatusFixture, type StatusFixture } from '../../../testing/status-fixture';

/*
 * Day one of an Own-records rep and a Team-records manager: a call needs no goal, and a call counts
 * only on a goal its caller sees (their own, one of nobody, or, for a manager, one of a user whose
 * records they see), on the prospects list and in the call queue alike. Every call is its caller's
 * on the dashboard and in the Calls report, goal or not.
 */

let fx: StatusFixture;
let t: StatusFixture['t'];
let f: StatusFixture['f'];
const people = {} as Record<'rep' | 'manager' | 'colleague' | 'outside', { id: string; token: string }>;
const goals = {} as Record<'reps' | 'colleagues' | 'outsiders' | 'nobodys', Goal>;
const today = localDate();
let phone = 7000;
const tenant = () => f.demoTenantId;

async function prospectOf(token: string, name: string): Promise<Prospect> {
  phone += 1;
  return expectStatus<Prospect>(
    await t.request({ method: 'POST', url: '/api/v1/crm/prospects', token, body: { tenant_id: tenant(), name, phone1: `+1 555 061 ${phone}` } }),
    201,
  );
}

const goalOf = async (userId: string | null, name: string) =>
  expectStatus<Goal>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/goals',
      token: f.admin,
      body: { tenant_id: tenant(), name, target_count: 5, start_date: today, end_date: addDays(today, 6), user_id: userId },
    }),
    201,
  );

const callFromList = (token: string, prospectId: string, goalId?: string) =>
  t.request({
    method: 'POST',
    url: '/api/v1/crm/prospects/change-status',
    token,
    body: { prospect_id: prospectId, status_id: fx.statuses['No Answer'].id, prospect_contacted: true, ...(goalId ? { goal_id: goalId } : {}) },
  });

const next = (token: string, name: string, goalId?: string) =>
  t.request({ method: 'POST', url: '/api/v1/crm/call-queue/next', token, body: { tenant_id: tenant(), filter: { q: name }, goal_id: goalId } });

const outcome = (token: string, prospectId: string, goalId?: string) =>
  t.request({ method: 'POST', url: `/api/v1/crm/call-queue/${prospectId}/outcome`, token, body: { status_id: fx.statuses['No Answer'].id, goal_id: goalId } });

const callsOf = async (callerId: string) => (await t.db.select().from(calls).where(eq(calls.callerId, callerId))).length;

beforeAll(async () => {
  fx = await createStatusFixture();
  ({ t, f } = fx);
  const visibility: Record<keyof typeof people, Visibility> = { rep: 'own', manager: 'team', colleague: 'own', outside: 'own' };
  for (const who of Object.keys(visibility) as (keyof typeof people)[]) {
    people[who] = await ownerUser(t, f, { email: `day-one-${who}@example.com`, fullName: `Day one ${who}`, visibility: visibility[who] });
  }
  // The manager's team: the rep and the colleague. The outside user is in no team.
  const [team] = await t.db.insert(teams).values({ tenantId: tenant(), name: 'Day one' }).returning({ id: teams.id });
  for (const who of ['rep', 'manager', 'colleague'] as const)
    await t.db.insert(teamMembers).values({ tenantId: tenant(), teamId: team!.id, userId: people[who].id });
  goals.reps = await goalOf(people.rep.id, "Rep's week");
  goals.colleagues = await goalOf(people.colleague.id, "Colleague's week");
  goals.outsiders = await goalOf(people.outside.id, "Outsider's week");
  // A goal of nobody (its user's account was deleted): written straight into the table, as the API names a user for every new goal.
  goals.nobodys = await goalOf(null, 'Team target');
  await t.db.update(goalsTable).set({ userId: null }).where(eq(goalsTable.id, goals.nobodys.id));
});
afterAll(() => t.close());

test('the goal pickers offer a rep her own active goals and goals of nobody; a manager also those of the users they see', async () => {
  const offered = async (token: string) =>
    goalListSchema
      .parse(expectStatus(await t.request({ url: `/api/v1/crm/goals?tenant_id=${tenant()}&active=true`, token }), 200))
      .map((goal) => goal.name)
      .filter((name) => Object.values(goals).some((goal) => goal.name === name))
      .sort();
  expect(await offered(people.rep.token)).toEqual(["Rep's week", 'Team target']);
  expect(await offered(people.manager.token)).toEqual(["Colleague's week", "Rep's week", 'Team target']);
});

test('a rep records a call without a goal, on the list and in the queue: hers on the dashboard and in the Calls report', async () => {
  const before = await callsOf(people.rep.id);
  const listed = await prospectOf(people.rep.token, 'No goal listed');
  const fromList = expectStatus<{ calls_incremented: boolean }>(await callFromList(people.rep.token, listed.id), 200);
  expect(fromList.calls_incremented).toBe(true);

  const queued = await prospectOf(people.rep.token, 'No goal queued');
  const card = callCardSchema.parse(expectStatus(await next(people.rep.token, 'No goal queued'), 200));
  expect(card.prospect.id).toBe(queued.id);
  expect(card.goal).toBeNull();
  expectStatus(await outcome(people.rep.token, queued.id), 200);

  const rows = await t.db.select().from(calls).where(eq(calls.callerId, people.rep.id));
  expect(rows).toHaveLength(before + 2);
  expect(rows.filter((row) => row.goalId === null).map((row) => row.prospectId)).toEqual(expect.arrayContaining([listed.id, queued.id]));

  const stats = dashboardStatsSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/dashboard?tenant_id=${tenant()}`, token: people.rep.token }), 200));
  expect(stats.today_calls_made).toBe(rows.filter((row) => row.day === today).length);
  const report = callsReportSchema.parse(
    expectStatus(await t.request({ url: `/api/v1/crm/reports/calls?tenant_id=${tenant()}&from=${today}&to=${today}`, token: people.rep.token }), 200),
  );
  expect(report.days).toEqual([{ day: today, user_id: people.rep.id, calls: rows.length, target: goals.reps.target_count }]);
  // The manager sees the rep's calls beside their own on the dashboard.
  const managerStats = dashboardStatsSchema.parse(
    expectStatus(await t.request({ url: `/api/v1/crm/dashboard?tenant_id=${tenant()}`, token: people.manager.token }), 200),
  );
  expect(managerStats.visible_calls?.made).toBe(rows.length + (await callsOf(people.manager.id)) + (await callsOf(people.colleague.id)));
});

test("a rep's call on her own goal or a goal of nobody counts there", async () => {
  for (const goal of [goals.reps, goals.nobodys]) {
    const prospect = await prospectOf(people.rep.token, `On ${goal.name}`);
    expectStatus(await callFromList(people.rep.token, prospect.id, goal.id), 200);
    const [row] = await t.db.select().from(calls).where(eq(calls.prospectId, prospect.id));
    expect(row).toMatchObject({ callerId: people.rep.id, goalId: goal.id });
  }
});

test('a call on a goal the caller may not see is refused naming goal_id, on the list and in the queue, and nothing changes', async () => {
  const cases: [keyof typeof people, Goal][] = [
    ['rep', goals.colleagues],
    ['rep', goals.outsiders],
    ['manager', goals.outsiders],
  ];
  for (const [who, goal] of cases) {
    const { token, id } = people[who];
    const prospect = await prospectOf(token, `Refused ${who} ${goal.name}`);
    const before = await callsOf(id);
    const goalCalls = (await t.db.select().from(calls).where(eq(calls.goalId, goal.id))).length;

    const fromList = await callFromList(token, prospect.id, goal.id);
    expect([fromList.statusCode, fromList.json()]).toEqual([403, { detail: GOAL_NOT_SEEN_DETAIL }]);
    const claimed = await next(token, prospect.name, goal.id);
    expect([claimed.statusCode, claimed.json()]).toEqual([403, { detail: GOAL_NOT_SEEN_DETAIL }]);
    // Claimed without a goal, its outcome on that goal is refused too.
    expectStatus(await next(token, prospect.name), 200);
    const fromQueue = await outcome(token, prospect.id, goal.id);
    expect([fromQueue.statusCode, fromQueue.json()]).toEqual([403, { detail: GOAL_NOT_SEEN_DETAIL }]);

    const after = expectStatus<Prospect>(await t.request({ url: `/api/v1/crm/prospects/${prospect.id}`, token }), 200);
    expect([after.status_id, after.last_contacted]).toEqual([prospect.status_id, null]);
    expect(await callsOf(id)).toBe(before);
    expect((await t.db.select().from(calls).where(eq(calls.goalId, goal.id))).length).toBe(goalCalls);
  }
  expect(GOAL_NOT_SEEN_DETAIL).toMatch(/^goal_id: /);
});

test("a manager's call on a teammate's goal counts there", async () => {
  const prospect = await prospectOf(people.manager.token, 'Manager on colleague goal');
  expectStatus(await callFromList(people.manager.token, prospect.id, goals.colleagues.id), 200);
  const queued = await prospectOf(people.manager.token, 'Manager queue colleague goal');
  const card = callCardSchema.parse(expectStatus(await next(people.manager.token, queued.name, goals.colleagues.id), 200));
  expect(card.goal?.id).toBe(goals.colleagues.id);
  expectStatus(await outcome(people.manager.token, queued.id, goals.colleagues.id), 200);
  const rows = await t.db.select().from(calls).where(eq(calls.goalId, goals.colleagues.id));
  expect(rows.map((row) => row.callerId)).toEqual([people.manager.id, people.manager.id]);
});
