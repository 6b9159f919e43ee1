import {
  GOAL_FOR_SOMEONE_ELSE_DETAIL,
  GOAL_NOT_YOURS_DETAIL,
  goalHasCallsDetail,
  goalListSchema,
  goalSchema,
  type CallsReport,
  type DashboardStats,
  type Goal,
} from '@app/shared/contracts';
import { addDays, localDate } from '../../../lib/today';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { auditOf, ownerUser, teamOf, type OwnerUser } from '../../../testing/owner-users';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let f: CrmFixture;
let olga: OwnerUser;
let colin: OwnerUser;
let tina: OwnerUser;
let noAnswerId: string;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  olga = await ownerUser(t, f, { email: 'olga.own@example.com', fullName: 'Olga Own', visibility: 'own' });
  colin = await ownerUser(t, f, { email: 'colin.colleague@example.com', fullName: 'Colin Colleague', visibility: 'all' });
  tina = await ownerUser(t, f, { email: 'tina.team@example.com', fullName: 'Tina Team', visibility: 'team' });
  await teamOf(t, f.demoTenantId, 'Goal Getters', [tina.id, colin.id]);
  // Signed in again: the team is read at sign-in.
  tina = { ...tina, token: await t.login('tina.team@example.com', 'owner-user-password') };
  const statuses = expectStatus<Array<{ id: string; name: string }>>(
    await t.request({ url: `/api/v1/crm/status-options?tenant_id=${f.demoTenantId}`, token: f.admin }),
    200,
  );
  noAnswerId = statuses.find((status) => status.name === 'No Answer')!.id;
});
afterAll(() => t.close());

const today = localDate();
let serial = 0;
const body = (extra: Record<string, unknown> = {}) => ({
  tenant_id: f.demoTenantId,
  name: `Daily calls ${++serial}`,
  target_count: 10,
  start_date: today,
  end_date: addDays(today, 7),
  ...extra,
});

/** A goal the admin sets for a user. */
async function goalOf(user: OwnerUser, extra: Record<string, unknown> = {}): Promise<Goal> {
  return goalSchema.parse(
    expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/goals', token: f.admin, body: body({ user_id: user.id, ...extra }) }), 201),
  );
}

/** Calls made by the caller on the goal: status changes with "call was made". */
async function callOn(goalId: string, caller: OwnerUser, count: number): Promise<void> {
  const prospect = expectStatus<{ id: string }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects',
      token: caller.token,
      body: { tenant_id: f.demoTenantId, name: `Callee ${++serial}`, phone1: `+1 555 010 ${String(1000 + serial).slice(-4)}`, owner_id: caller.id },
    }),
    201,
  );
  for (let i = 0; i < count; i++)
    expectStatus(
      await t.request({
        method: 'POST',
        url: '/api/v1/crm/prospects/change-status',
        token: caller.token,
        body: { prospect_id: prospect.id, status_id: noAnswerId, prospect_contacted: true, goal_id: goalId },
      }),
      200,
    );
}

const allGoals = async () => goalListSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/goals?tenant_id=${f.demoTenantId}`, token: f.admin }), 200));
const goalsSeenBy = async (user: OwnerUser, active = false) =>
  goalListSchema.parse(
    expectStatus(await t.request({ url: `/api/v1/crm/goals?tenant_id=${f.demoTenantId}${active ? '&active=true' : ''}`, token: user.token }), 200),
  );
const callsReport = async (user: OwnerUser) =>
  expectStatus<CallsReport>(
    await t.request({ url: `/api/v1/crm/reports/calls?tenant_id=${f.demoTenantId}&from=${today}&to=${today}`, token: user.token }),
    200,
  );
const dashboard = async (user: OwnerUser) =>
  expectStatus<DashboardStats>(await t.request({ url: `/api/v1/crm/dashboard?tenant_id=${f.demoTenantId}`, token: user.token }), 200);
/** A user's day in the Calls report: the calls they made and their goals' target. */
const reportDayOf = (report: CallsReport, userId: string) => report.days.find((day) => day.user_id === userId && day.day === today);

test("an Own user cannot take a colleague's goal, change it or delete it: 403, and her Calls report and the goal stay as they were", async () => {
  const colins = await goalOf(colin, { target_count: 12 });
  await callOn(colins.id, colin, 3);
  const before = { goals: await allGoals(), report: reportDayOf(await callsReport(olga), olga.id) };

  const attempts = [
    { method: 'PUT' as const, body: body({ name: colins.name, user_id: olga.id }) },
    { method: 'PUT' as const, body: body({ name: 'Renamed by Olga', target_count: 1 }) },
    { method: 'DELETE' as const, body: undefined },
  ];
  for (const attempt of attempts) {
    const response = await t.request({ ...attempt, url: `/api/v1/crm/goals/${colins.id}`, token: olga.token });
    expect([attempt.method, response.statusCode, response.json()]).toEqual([attempt.method, 403, { detail: GOAL_NOT_YOURS_DETAIL }]);
  }

  expect(await allGoals()).toEqual(before.goals);
  // Her target stays none: the colleague's 12 a day did not become hers.
  expect(reportDayOf(await callsReport(olga), olga.id)).toEqual(before.report);
  expect((await dashboard(olga)).today_calls_goal).toBe(0);
  expect((await auditOf(t, 'goal.updated')).filter((event) => event.targetId === colins.id)).toEqual([]);
});

test('a staff user cannot set a goal for someone else or hand her own goal to a colleague; an admin can, and the hand-over is audited with both users', async () => {
  const forColin = await t.request({ method: 'POST', url: '/api/v1/crm/goals', token: olga.token, body: body({ user_id: colin.id }) });
  expect([forColin.statusCode, forColin.json()]).toEqual([403, { detail: GOAL_FOR_SOMEONE_ELSE_DETAIL }]);

  const mine = goalSchema.parse(
    expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/goals', token: olga.token, body: body({ user_id: olga.id }) }), 201),
  );
  expect(mine.user_id).toBe(olga.id);
  const handOver = await t.request({
    method: 'PUT',
    url: `/api/v1/crm/goals/${mine.id}`,
    token: olga.token,
    body: body({ name: mine.name, user_id: colin.id }),
  });
  expect([handOver.statusCode, handOver.json()]).toEqual([403, { detail: GOAL_FOR_SOMEONE_ELSE_DETAIL }]);
  // Her own goal is hers to change.
  const changed = expectStatus<Goal>(
    await t.request({ method: 'PUT', url: `/api/v1/crm/goals/${mine.id}`, token: olga.token, body: body({ name: mine.name, target_count: 4 }) }),
    200,
  );
  expect(changed).toMatchObject({ user_id: olga.id, target_count: 4 });

  const handed = expectStatus<Goal>(
    await t.request({
      method: 'PUT',
      url: `/api/v1/crm/goals/${mine.id}`,
      token: f.admin,
      body: body({ name: mine.name, target_count: 4, user_id: colin.id }),
    }),
    200,
  );
  expect(handed.user_id).toBe(colin.id);
  const events = (await auditOf(t, 'goal.updated')).filter((event) => event.targetId === mine.id);
  expect(events.map((event) => event.details)).toEqual([
    expect.objectContaining({ user_id: olga.id, target_count: 4 }),
    expect.objectContaining({ user_id: colin.id, previous_user_id: olga.id }),
  ]);
  expect(events[0]!.details).not.toHaveProperty('previous_user_id');
  expect((await auditOf(t, 'goal.created')).some((event) => event.targetId === mine.id)).toBe(true);
});

test('a goal of nobody (its user left) is changed and deleted by admins only', async () => {
  const departed = await ownerUser(t, f, { email: 'dana.departed@example.com', fullName: 'Dana Departed' });
  const orphan = await goalOf(departed);
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/auth/users/${departed.id}`, token: f.admin }), 204);
  expect((await allGoals()).find((goal) => goal.id === orphan.id)?.user_id).toBeNull();

  const staffDelete = await t.request({ method: 'DELETE', url: `/api/v1/crm/goals/${orphan.id}`, token: colin.token });
  expect([staffDelete.statusCode, staffDelete.json()]).toEqual([403, { detail: GOAL_NOT_YOURS_DETAIL }]);
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/goals/${orphan.id}`, token: f.admin }), 200);
  expect((await auditOf(t, 'goal.deleted')).some((event) => event.targetId === orphan.id)).toBe(true);
});

test("deleting a goal with calls is refused (409, end it instead): the calls stay on the dashboard, the Calls report and the goal's progress", async () => {
  const goal = await goalOf(colin, { target_count: 5 });
  await callOn(goal.id, colin, 4);
  const before = { dashboard: await dashboard(colin), report: await callsReport(colin), goals: await allGoals() };
  expect(before.dashboard.today_calls_made).toBeGreaterThanOrEqual(4);

  for (const token of [colin.token, f.admin]) {
    const response = await t.request({ method: 'DELETE', url: `/api/v1/crm/goals/${goal.id}`, token });
    expect([response.statusCode, response.json()]).toEqual([409, { detail: goalHasCallsDetail(goal) }]);
  }
  expect({ dashboard: await dashboard(colin), report: await callsReport(colin), goals: await allGoals() }).toEqual(before);
  expect((await auditOf(t, 'goal.deleted')).some((event) => event.targetId === goal.id)).toBe(false);

  // Ending it instead keeps its calls, and it is offered no more from tomorrow.
  const ended = expectStatus<Goal>(
    await t.request({
      method: 'PUT',
      url: `/api/v1/crm/goals/${goal.id}`,
      token: colin.token,
      body: body({ name: goal.name, target_count: 5, end_date: today }),
    }),
    200,
  );
  expect(ended.daily_calls).toEqual([{ date: today, calls_made: 4 }]);
  expect((await dashboard(colin)).today_calls_made).toBe(before.dashboard.today_calls_made);

  // A goal without calls is still deleted by its user.
  const spare = goalSchema.parse(expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/goals', token: colin.token, body: body() }), 201));
  expect(expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/goals/${spare.id}`, token: colin.token }), 200)).toEqual({
    message: 'Goal deleted.',
  });
});

test("the goals list follows the caller's visibility: an Own user sees her own goal's calls, not a colleague's; a Team user her team's; admins all", async () => {
  const olgas = await goalOf(olga);
  const colins = await goalOf(colin);
  const outsiders = await goalOf(await ownerUser(t, f, { email: 'olaf.outside@example.com', fullName: 'Olaf Outside' }));
  await callOn(colins.id, colin, 2);
  await callOn(olgas.id, olga, 1);

  const everyone = await allGoals();
  const goalIds = (goals: Goal[]) => goals.map((goal) => goal.id);
  const ownersOf = (goals: Goal[]) => new Set(goals.map((goal) => goal.user_id));
  expect(goalIds(everyone)).toEqual(expect.arrayContaining([olgas.id, colins.id, outsiders.id]));

  const seenByOlga = await goalsSeenBy(olga);
  expect(goalIds(seenByOlga)).toContain(olgas.id);
  expect(goalIds(seenByOlga)).not.toContain(colins.id);
  expect([...ownersOf(seenByOlga)].every((userId) => userId === olga.id || userId === null)).toBe(true);
  expect(seenByOlga.find((goal) => goal.id === olgas.id)!.daily_calls).toEqual([{ date: today, calls_made: 1 }]);
  expect(goalIds(await goalsSeenBy(olga, true))).not.toContain(colins.id);

  const seenByTina = await goalsSeenBy(tina);
  expect(goalIds(seenByTina)).toContain(colins.id);
  expect(goalIds(seenByTina)).not.toContain(olgas.id);
  expect(goalIds(seenByTina)).not.toContain(outsiders.id);
  // The list is every goal of the users seen and of nobody, each with the figures an admin sees.
  const seenUsers = new Set([tina.id, colin.id, null]);
  expect(seenByTina).toEqual(everyone.filter((goal) => seenUsers.has(goal.user_id)));
});
