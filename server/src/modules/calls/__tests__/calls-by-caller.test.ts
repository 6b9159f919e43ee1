import { callsReportSchema, dashboardStatsSchema, goalListSchema, type CallsReport, type Goal, type Prospect, type Visibility } from '@app/shared/contracts';
import { and, eq, gte, lte } from 'drizzle-orm';
import { calls, goals, prospects, teamMembers, teams } from '../../../db/schema';
import { addDays, localDate } from '../../../lib/today';
import { expectStatus } from '../../../testing/crm-fixture';
import { ownerUser } from '../../../testing/owner-users';
import { createStatusFixture, type StatusFixture } from '../../../testing/status-fixture';

/*
 * Calls by three users on goals of others they see, calls on no goal, and one by the goal's owner:
 * each call is its caller's.
 * Every figure (the Calls report in JSON and CSV, the dashboard, goal progress) is checked against
 * the calls table's rows, summed here, for an admin and for own, team and all users.
 */

type Who = 'own' | 'team' | 'all';
const VISIBILITY: Record<Who, Visibility> = { own: 'own', team: 'team', all: 'all' };

let fx: StatusFixture;
let t: StatusFixture['t'];
let f: StatusFixture['f'];
let staffId: string;
const people = {} as Record<Who, { id: string; token: string }>;
let teamId: string;
let theirGoal: Goal;
let endedGoal: Goal;
let upcomingGoal: Goal;
const today = localDate();
let phone = 5000;

const tenant = () => f.demoTenantId;

/** A prospect of the demo tenant, created (and so owned) by the user of the token. */
async function prospectOf(token: string, name: string): Promise<Prospect> {
  phone += 1;
  return expectStatus<Prospect>(
    await t.request({ method: 'POST', url: '/api/v1/crm/prospects', token, body: { tenant_id: tenant(), name, phone1: `+1 555 060 ${phone}` } }),
    201,
  );
}

async function newGoal(token: string, body: Record<string, unknown>): Promise<Goal> {
  return expectStatus<Goal>(
    await t.request({ method: 'POST', url: '/api/v1/crm/goals', token, body: { tenant_id: tenant(), target_count: 10, ...body } }),
    201,
  );
}

/** A status change with a call, on the prospects list (on no goal: null). */
const callFromList = (token: string, prospectId: string, goalId: string | null, status = 'No Answer') =>
  t.request({
    method: 'POST',
    url: '/api/v1/crm/prospects/change-status',
    token,
    body: { prospect_id: prospectId, status_id: fx.statuses[status].id, prospect_contacted: true, goal_id: goalId },
  });

/** An outcome recorded in the call queue (on no goal: null). */
const callFromQueue = (token: string, prospectId: string, goalId: string | null, status = 'No Answer') =>
  t.request({ method: 'POST', url: `/api/v1/crm/call-queue/${prospectId}/outcome`, token, body: { goal_id: goalId, status_id: fx.statuses[status].id } });

beforeAll(async () => {
  fx = await createStatusFixture();
  ({ t, f } = fx);
  staffId = expectStatus<{ _id: string }>(await t.request({ url: '/api/v1/auth/me', token: f.staff }), 200)._id;
  const [team] = await t.db.insert(teams).values({ tenantId: tenant(), name: 'Callers' }).returning({ id: teams.id });
  teamId = team.id;
  for (const who of ['own', 'team', 'all'] as const) {
    const { id, token } = await ownerUser(t, f, {
      email: `calls-${who}@example.com`,
      fullName: `Caller ${who}`,
      visibility: VISIBILITY[who],
      tenantId: tenant(),
    });
    // The own and team users are one team; the all user is in none.
    if (who !== 'all') await t.db.insert(teamMembers).values({ tenantId: tenant(), teamId, userId: id });
    people[who] = { id, token };
  }
  theirGoal = await newGoal(f.admin, { name: "Own's goal", user_id: people.own.id, target_count: 7, start_date: today, end_date: addDays(today, 3) });
  endedGoal = await newGoal(f.staff, { name: 'Ended yesterday', target_count: 50, start_date: addDays(today, -9), end_date: addDays(today, -1) });
  upcomingGoal = await newGoal(f.staff, { name: 'Starts tomorrow', target_count: 60, start_date: addDays(today, 1), end_date: addDays(today, 9) });

  // The own user, who may not count calls on the staff's goal, works the queue on no goal: four calls.
  for (let i = 0; i < 4; i += 1) expectStatus(await callFromQueue(people.own.token, (await prospectOf(people.own.token, `Own ${i}`)).id, null), 200);
  // The team user calls on their teammate's (the own user's) goal, the all user on the staff's, the staff on their own.
  for (let i = 0; i < 2; i += 1) expectStatus(await callFromList(people.team.token, (await prospectOf(people.team.token, `Team ${i}`)).id, theirGoal.id), 200);
  for (let i = 0; i < 3; i += 1) expectStatus(await callFromList(people.all.token, (await prospectOf(people.all.token, `All ${i}`)).id, fx.goal.id), 200);
  expectStatus(await callFromList(f.staff, (await prospectOf(f.staff, 'Staff 0')).id, fx.goal.id), 200);
});
afterAll(() => t.close());

const callRows = () =>
  t.db
    .select({ callerId: calls.callerId, goalId: calls.goalId, prospectId: calls.prospectId, day: calls.day, madeAt: calls.madeAt })
    .from(calls)
    .where(eq(calls.tenantId, tenant()));

/** Per user: their calls on the day (by caller) and the sum of the targets of their own goals active that day. */
async function expectedByUser(day: string): Promise<Map<string | null, { calls: number; target: number }>> {
  const figures = new Map<string | null, { calls: number; target: number }>();
  const of = (user: string | null) => figures.get(user) ?? figures.set(user, { calls: 0, target: 0 }).get(user)!;
  for (const row of await callRows()) if (row.day === day) of(row.callerId).calls += 1;
  const running = await t.db
    .select({ userId: goals.userId, target: goals.targetCount })
    .from(goals)
    .where(and(eq(goals.tenantId, tenant()), lte(goals.startDate, day), gte(goals.endDate, day)));
  for (const goal of running) of(goal.userId).target += goal.target;
  return figures;
}

async function callsReport(token: string, query = ''): Promise<CallsReport> {
  return callsReportSchema.parse(
    expectStatus(await t.request({ url: `/api/v1/crm/reports/calls?tenant_id=${tenant()}&from=${today}&to=${today}${query}`, token }), 200),
  );
}

const reportByUser = (report: CallsReport) =>
  new Map(report.days.filter((day) => day.day === today).map((day) => [day.user_id, { calls: day.calls, target: day.target }]));

test('each call is kept with its caller, its prospect, the goal it counted on and the server day', async () => {
  const rows = await callRows();
  const count = (caller: string, goal: string) => rows.filter((row) => row.callerId === caller && row.goalId === goal).length;
  const onNoGoal = rows.filter((row) => row.callerId === people.own.id && row.goalId === null).length;
  expect([onNoGoal, count(people.team.id, theirGoal.id), count(people.all.id, fx.goal.id), count(staffId, fx.goal.id)]).toEqual([4, 2, 3, 1]);
  expect(rows).toHaveLength(10);
  expect(rows.every((row) => row.day === today && row.prospectId !== null && localDate(row.madeAt) === today)).toBe(true);
  // Each call's prospect is the one called, owned by its caller here.
  const owners = await t.db.select({ id: prospects.id, ownerId: prospects.ownerId }).from(prospects).where(eq(prospects.tenantId, tenant()));
  const ownerOf = new Map(owners.map((row) => [row.id, row.ownerId]));
  expect(rows.every((row) => ownerOf.get(row.prospectId!) === row.callerId)).toBe(true);
});

test("the Calls report counts each caller's calls beside the targets of their own goals, in JSON and CSV", async () => {
  const expected = await expectedByUser(today);
  const report = await callsReport(f.admin);
  expect(reportByUser(report)).toEqual(expected);
  // The own user's four queue calls on no goal are theirs, beside their own goal's target.
  expect(reportByUser(report).get(people.own.id)).toEqual({ calls: 4, target: 7 });
  expect(reportByUser(report).get(staffId)).toEqual({ calls: 1, target: fx.goal.target_count });
  expect(report.total_calls).toBe((await callRows()).length);
  expect(report.users.find((user) => user.user_id === people.own.id)?.name).toBe('Caller own');

  const csv = await t.request({ url: `/api/v1/crm/reports/calls?tenant_id=${tenant()}&from=${today}&to=${today}&format=csv`, token: f.admin });
  expect(csv.statusCode).toBe(200);
  const lines = csv.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('"Day","User","Calls","Target"');
  const names = new Map(report.users.map((user) => [user.user_id, user.name]));
  expect(lines.slice(1).sort()).toEqual(report.days.map((day) => `"${day.day}","${names.get(day.user_id)}","${day.calls}","${day.target}"`).sort());
  expect(lines.some((line) => line === `"${today}","Caller own","4","7"`)).toBe(true);
});

test('the Calls report counts only the callers the viewer may see, and narrows to an owner or a team', async () => {
  const expected = await expectedByUser(today);
  const only = (ids: (string | null)[]) => new Map([...expected].filter(([user]) => ids.includes(user)));
  // Own: their own calls only; the own user's report no longer shows 0.
  expect(reportByUser(await callsReport(people.own.token))).toEqual(only([people.own.id]));
  // Team: their team's callers.
  expect(reportByUser(await callsReport(people.team.token))).toEqual(only([people.own.id, people.team.id]));
  // All (and admins): everyone's.
  expect(reportByUser(await callsReport(people.all.token))).toEqual(expected);
  // Asking for someone else's calls does not widen a view; me, a user and a team narrow it.
  expect(reportByUser(await callsReport(people.own.token, `&owner_id=${people.all.id}`))).toEqual(new Map());
  expect(reportByUser(await callsReport(people.all.token, '&owner_id=me'))).toEqual(only([people.all.id]));
  expect(reportByUser(await callsReport(f.admin, `&owner_id=${people.own.id}`))).toEqual(only([people.own.id]));
  expect(reportByUser(await callsReport(f.admin, `&team_id=${teamId}`))).toEqual(only([people.own.id, people.team.id]));
});

test("the dashboard shows the user's calls today beside their goals' target, and those of the callers they see", async () => {
  const expected = await expectedByUser(today);
  const sum = (ids: 'all' | string[]) =>
    [...expected]
      .filter(([user]) => ids === 'all' || ids.includes(user!))
      .reduce((total, [, day]) => ({ made: total.made + day.calls, goal: total.goal + day.target }), { made: 0, goal: 0 });
  const stats = async (token: string) =>
    dashboardStatsSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/dashboard?tenant_id=${tenant()}`, token }), 200));
  const mine = (id: string) => ({ today_calls_made: expected.get(id)?.calls ?? 0, today_calls_goal: expected.get(id)?.target ?? 0 });

  expect(await stats(people.own.token)).toMatchObject({ ...mine(people.own.id), visible_calls: null });
  expect((await stats(people.own.token)).today_calls_made).toBe(4);
  expect(await stats(people.team.token)).toMatchObject({ ...mine(people.team.id), visible_calls: { scope: 'team', ...sum([people.own.id, people.team.id]) } });
  expect(await stats(people.all.token)).toMatchObject({ ...mine(people.all.id), visible_calls: { scope: 'all', ...sum('all') } });
  expect(await stats(f.staff)).toMatchObject({ ...mine(staffId), visible_calls: { scope: 'all', ...sum('all') } });
  const admin = await stats(f.admin);
  expect(admin).toMatchObject({ today_calls_made: 0, today_calls_goal: 0, visible_calls: { scope: 'all', ...sum('all') } });
  expect(admin.visible_calls!.made).toBe(10);
});

test('goal progress counts the calls made on the goal by whoever made them, on its active days only', async () => {
  const list = async () => goalListSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/goals?tenant_id=${tenant()}`, token: f.staff }), 200));
  const rows = await callRows();
  const onGoal = (goal: Goal) => rows.filter((row) => row.goalId === goal.id).length;
  const goalsNow = await list();
  const daily = (goal: Goal) => goalsNow.find((row) => row.id === goal.id)!.daily_calls;
  expect(daily(fx.goal)).toEqual([{ date: today, calls_made: onGoal(fx.goal) }]);
  expect(onGoal(fx.goal)).toBe(4);
  expect(daily(theirGoal)).toEqual([{ date: today, calls_made: 2 }]);
  expect(daily(endedGoal)).toEqual([]);

  // Moved to start tomorrow, the goal's calls of today are outside its active days: not its progress, still their callers' calls.
  const moved = expectStatus<Goal>(
    await t.request({
      method: 'PUT',
      url: `/api/v1/crm/goals/${theirGoal.id}`,
      token: f.admin,
      body: { tenant_id: tenant(), name: theirGoal.name, target_count: 7, start_date: addDays(today, 1), end_date: addDays(today, 3), user_id: people.own.id },
    }),
    200,
  );
  expect(moved.daily_calls).toEqual([]);
  expect(reportByUser(await callsReport(f.admin)).get(people.team.id)).toEqual({ calls: 2, target: 0 });
  expectStatus(
    await t.request({
      method: 'PUT',
      url: `/api/v1/crm/goals/${theirGoal.id}`,
      token: f.admin,
      body: { tenant_id: tenant(), name: theirGoal.name, target_count: 7, start_date: today, end_date: addDays(today, 3), user_id: people.own.id },
    }),
    200,
  );
  expect((await list()).find((row) => row.id === theirGoal.id)!.daily_calls).toEqual([{ date: today, calls_made: 2 }]);
});

test('a goal that ended yesterday or starts tomorrow is not offered, and a call on it is refused with nothing changed', async () => {
  const offered = goalListSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/goals?tenant_id=${tenant()}&active=true`, token: f.staff }), 200));
  expect(offered.map((goal) => goal.id).sort()).toEqual([fx.goal.id, theirGoal.id].sort());
  const all = goalListSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/goals?tenant_id=${tenant()}&active=false`, token: f.staff }), 200));
  expect(all.map((goal) => goal.id)).toEqual(expect.arrayContaining([endedGoal.id, upcomingGoal.id]));
  const bad = await t.request({ url: `/api/v1/crm/goals?tenant_id=${tenant()}&active=yes`, token: f.staff });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().detail).toMatch(/^active:/);

  const before = (await callRows()).length;
  for (const goal of [endedGoal, upcomingGoal]) {
    const prospect = await prospectOf(f.staff, `Refused on ${goal.name}`);
    const fromList = await callFromList(f.staff, prospect.id, goal.id, 'Interested');
    expect(fromList.statusCode).toBe(400);
    expect(fromList.json().detail).toMatch(new RegExp(`^goal_id: The goal "${goal.name}" is not active today`));
    const fromQueue = await callFromQueue(f.staff, prospect.id, goal.id, 'Interested');
    expect(fromQueue.statusCode).toBe(400);
    expect(fromQueue.json().detail).toMatch(/^goal_id: /);
    const next = await t.request({ method: 'POST', url: '/api/v1/crm/call-queue/next', token: f.staff, body: { tenant_id: tenant(), goal_id: goal.id } });
    expect(next.statusCode).toBe(400);
    expect(next.json().detail).toMatch(/^goal_id: /);
    // The status change did not happen: no lead, the prospect still listed with its first status.
    const after = expectStatus<Prospect>(await t.request({ url: `/api/v1/crm/prospects/${prospect.id}`, token: f.staff }), 200);
    expect([after.status_id, after.last_contacted]).toEqual([prospect.status_id, null]);
  }
  expect((await callRows()).length).toBe(before);
});

test('over a range, each day of a user with calls or a goal of theirs running: calls on any goal, targets of their own goals', async () => {
  const goal = async (userId: string, name: string, targetCount: number, startDate: string, endDate: string) =>
    (await t.db.insert(goals).values({ tenantId: tenant(), userId, name, targetCount, startDate, endDate }).returning({ id: goals.id }))[0].id;
  const dials = await goal(people.all.id, 'Dials', 40, '2025-03-01', '2025-03-03');
  const followUps = await goal(people.all.id, 'Follow-ups', 5, '2025-03-03', '2025-03-05');
  const ownDials = await goal(people.own.id, 'Own dials', 12, '2025-03-02', '2025-03-02');
  const made: [string, string, string, number][] = [
    // caller, goal, day, how many
    [people.team.id, dials, '2025-03-01', 31],
    [people.all.id, dials, '2025-03-03', 7],
    [people.own.id, followUps, '2025-03-03', 2],
    [people.all.id, ownDials, '2025-03-02', 9],
    [people.team.id, followUps, '2025-03-06', 3],
  ];
  for (const [callerId, goalId, day, n] of made)
    await t.db.insert(calls).values(Array.from({ length: n }, () => ({ tenantId: tenant(), callerId, goalId, day, madeAt: new Date(`${day}T12:00:00`) })));

  const report = callsReportSchema.parse(
    expectStatus(await t.request({ url: `/api/v1/crm/reports/calls?tenant_id=${tenant()}&from=2025-03-02&to=2025-03-06`, token: f.admin }), 200),
  );
  const rows = (user: string) => report.days.filter((day) => day.user_id === user).map(({ day, calls: n, target }) => ({ day, calls: n, target }));
  // The range cuts 2025-03-01 off; the all user's goals give their targets, whoever made the calls on them.
  expect(rows(people.all.id)).toEqual([
    { day: '2025-03-02', calls: 9, target: 40 },
    { day: '2025-03-03', calls: 7, target: 45 },
    { day: '2025-03-04', calls: 0, target: 5 },
    { day: '2025-03-05', calls: 0, target: 5 },
  ]);
  expect(rows(people.own.id)).toEqual([
    { day: '2025-03-02', calls: 0, target: 12 },
    { day: '2025-03-03', calls: 2, target: 0 },
  ]);
  // A call on a goal outside its dates still counts for its caller.
  expect(rows(people.team.id)).toEqual([{ day: '2025-03-06', calls: 3, target: 0 }]);
  expect(report.total_calls).toBe(9 + 7 + 2 + 3);
  expect(report.days.map((day) => day.day)).toEqual([...report.days.map((day) => day.day)].sort());
});
