import { GOAL_END_BEFORE_START, GOAL_NAME_REQUIRED, GOAL_TARGET_POSITIVE, goalListSchema, goalSchema, type Goal } from '@app/shared/contracts';
import { addDays, localDate } from '../../../lib/today';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let f: CrmFixture;
let staffId: string;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  staffId = expectStatus<{ _id: string }>(await t.request({ url: '/api/v1/auth/me', token: f.staff }), 200)._id;
});
afterAll(() => t.close());

const today = localDate();
const body = (extra: Record<string, unknown> = {}) => ({
  tenant_id: f.demoTenantId,
  name: 'Daily calls',
  target_count: 10,
  start_date: today,
  end_date: addDays(today, 7),
  ...extra,
});

async function create(extra: Record<string, unknown> = {}, token = f.staff): Promise<Goal> {
  return goalSchema.parse(expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/goals', token, body: body(extra) }), 201));
}
const list = async (tenantId = f.demoTenantId, token = f.staff) =>
  goalListSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/goals?tenant_id=${tenantId}`, token }), 200));

test('creates a goal owned by the caller (the UI sends no user_id), trimmed, with empty daily_calls', async () => {
  const goal = await create({ name: '  Morning push ', description: '  ' });
  expect(goal).toMatchObject({
    tenant_id: f.demoTenantId,
    user_id: staffId,
    name: 'Morning push',
    description: null,
    target_count: 10,
    start_date: today,
    end_date: addDays(today, 7),
    daily_calls: [],
  });
  expect((await list()).map((g) => g.id)).toContain(goal.id);
});

test.each([
  [{ name: ' ' }, GOAL_NAME_REQUIRED],
  [{ target_count: 0 }, GOAL_TARGET_POSITIVE],
  [{ end_date: addDays(today, -1) }, GOAL_END_BEFORE_START],
  [{ start_date: 'tomorrow' }, 'start_date: must be a date (YYYY-MM-DD)'],
])('a goal needs a name, a target above 0 and an end not before its start: %j', async (extra, detail) => {
  const response = await t.request({ method: 'POST', url: '/api/v1/crm/goals', token: f.staff, body: body(extra) });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ detail });
});

test('a goal may last one day: its end may be its start', async () => {
  const goal = await create({ name: 'One day', end_date: today });
  expect(goal).toMatchObject({ start_date: today, end_date: today });
  const edited = await t.request({
    method: 'PUT',
    url: `/api/v1/crm/goals/${goal.id}`,
    token: f.staff,
    body: body({ start_date: addDays(today, 2), end_date: addDays(today, 2) }),
  });
  expect(expectStatus<Goal>(edited, 200)).toMatchObject({ start_date: addDays(today, 2), end_date: addDays(today, 2) });
});

test('user_id may name someone who works in the tenant, nobody else', async () => {
  const outsiderId = expectStatus<Array<{ id: string; email: string }>>(await t.request({ url: '/api/v1/auth/users', token: f.admin }), 200).find(
    (u) => u.email === 'outsider@example.com',
  )!.id;
  const response = await t.request({ method: 'POST', url: '/api/v1/crm/goals', token: f.staff, body: body({ user_id: outsiderId }) });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ detail: 'user_id: User not found.' });
  expect((await create({ user_id: staffId }, f.admin)).user_id).toBe(staffId);
});

test('PUT replaces the fields and keeps the owner and the call history; DELETE removes it', async () => {
  const goal = await create();
  const updated = expectStatus<Goal>(
    await t.request({
      method: 'PUT',
      url: `/api/v1/crm/goals/${goal.id}`,
      token: f.admin,
      body: body({ name: 'Renamed', target_count: 25, description: 'More calls', end_date: addDays(today, 30) }),
    }),
    200,
  );
  expect(updated).toMatchObject({
    id: goal.id,
    name: 'Renamed',
    target_count: 25,
    description: 'More calls',
    user_id: staffId,
    end_date: addDays(today, 30),
    created_at: goal.created_at,
  });
  const invalid = await t.request({ method: 'PUT', url: `/api/v1/crm/goals/${goal.id}`, token: f.staff, body: body({ end_date: addDays(today, -1) }) });
  expect(invalid.json()).toEqual({ detail: GOAL_END_BEFORE_START });
  expect(expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/goals/${goal.id}`, token: f.staff }), 200)).toEqual({ message: 'Goal deleted.' });
  expect((await list()).map((g) => g.id)).not.toContain(goal.id);
  expect((await t.request({ method: 'DELETE', url: `/api/v1/crm/goals/${goal.id}`, token: f.staff })).statusCode).toBe(404);
});

test('daily_calls lists the calls per day, oldest first; goals running today come first', async () => {
  const later = await create({ name: 'Next month', start_date: addDays(today, 30), end_date: addDays(today, 60) });
  const current = await create({ name: 'This week' });
  const prospect = expectStatus<{ id: string }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects',
      token: f.staff,
      body: { tenant_id: f.demoTenantId, name: 'Callee', phone1: '+1 555 042 0042' },
    }),
    201,
  );
  const statuses = expectStatus<Array<{ id: string; name: string }>>(
    await t.request({ url: `/api/v1/crm/status-options?tenant_id=${f.demoTenantId}`, token: f.staff }),
    200,
  );
  const noAnswer = statuses.find((s) => s.name === 'No Answer')!;
  for (let i = 0; i < 2; i++) {
    expectStatus(
      await t.request({
        method: 'POST',
        url: '/api/v1/crm/prospects/change-status',
        token: f.staff,
        body: { prospect_id: prospect.id, status_id: noAnswer.id, prospect_contacted: true, goal_id: current.id },
      }),
      200,
    );
  }
  const goals = await list();
  expect(goals.find((g) => g.id === current.id)!.daily_calls).toEqual([{ date: today, calls_made: 2 }]);
  expect(goals.findIndex((g) => g.id === current.id)).toBeLessThan(goals.findIndex((g) => g.id === later.id));
});

test("a user of another tenant cannot list, create in, change or delete the demo tenant's goals", async () => {
  const goal = await create({ name: 'Guarded goal' });
  const before = await list();

  expect((await t.request({ url: `/api/v1/crm/goals?tenant_id=${f.demoTenantId}`, token: f.outsider })).statusCode).toBe(403);
  expect((await t.request({ method: 'POST', url: '/api/v1/crm/goals', token: f.outsider, body: body() })).statusCode).toBe(403);
  // Sending their own tenant does not help: the goal itself is checked.
  const put = await t.request({
    method: 'PUT',
    url: `/api/v1/crm/goals/${goal.id}`,
    token: f.outsider,
    body: body({ tenant_id: f.otherTenantId, name: 'Hacked' }),
  });
  expect(put.statusCode).toBe(404);
  expect(put.json()).toEqual({ detail: 'Goal not found.' });
  expect((await t.request({ method: 'PUT', url: `/api/v1/crm/goals/${goal.id}`, token: f.outsider, body: body({ name: 'Hacked' }) })).statusCode).toBe(403);
  expect((await t.request({ method: 'DELETE', url: `/api/v1/crm/goals/${goal.id}`, token: f.outsider })).statusCode).toBe(404);
  // Nor can an admin move a goal to another tenant.
  expect((await t.request({ method: 'PUT', url: `/api/v1/crm/goals/${goal.id}`, token: f.admin, body: body({ tenant_id: f.otherTenantId }) })).statusCode).toBe(
    404,
  );

  expect(await list()).toEqual(before);
  expect(await list(f.otherTenantId, f.outsider)).toEqual([]);
});
