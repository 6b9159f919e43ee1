import {
  changeStatusResponseSchema,
  type ChangeStatusResponse,
  type Goal,
  type LeadListResponse,
  type Prospect,
  type StatusOption,
} from '@app/shared/contracts';
import * as leadsModule from '../../leads';
import { localDate } from '../../../lib/today';
import { expectStatus } from '../../../testing/crm-fixture';
import { createStatusFixture, type StatusFixture } from '../../../testing/status-fixture';

// The leads module as it is, with a repository that one test can make fail (a re-export cannot be spied on).
jest.mock('../../leads', () => {
  const actual = jest.requireActual<typeof leadsModule>('../../leads');
  return { __esModule: true, ...actual, leadsRepository: jest.fn(actual.leadsRepository) };
});
const leadsRepository = jest.mocked(leadsModule.leadsRepository);
const realLeadsRepository = jest.requireActual<typeof leadsModule>('../../leads').leadsRepository;

let fixture: StatusFixture;
let t: StatusFixture['t'];
let f: StatusFixture['f'];
let statuses: StatusFixture['statuses'];
let goal: Goal;
let foreignGoal: Goal;

beforeAll(async () => {
  fixture = await createStatusFixture();
  ({ t, f, statuses, goal, foreignGoal } = fixture);
});
afterAll(() => t.close());

const newProspect = (name?: string) => fixture.newProspect(name);
const changeStatus = (body: Record<string, unknown>, token?: string) => fixture.changeStatus(body, token);
const getProspect = async (id: string) => expectStatus<Prospect>(await t.request({ url: `/api/v1/crm/prospects/${id}`, token: f.staff }), 200);
const listTotal = async () =>
  expectStatus<{ pagination: { total: number } }>(await t.request({ url: `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}`, token: f.staff }), 200).pagination
    .total;
const dashboard = async () =>
  expectStatus<{ total_prospects: number; today_calls_made: number; today_calls_goal: number }>(
    await t.request({ url: `/api/v1/crm/dashboard?tenant_id=${f.demoTenantId}`, token: f.staff }),
    200,
  );
const callsToday = async () => {
  const goals = expectStatus<Goal[]>(await t.request({ url: `/api/v1/crm/goals?tenant_id=${f.demoTenantId}`, token: f.staff }), 200);
  return goals.find((g) => g.id === goal.id)!.daily_calls.find((d) => d.date === localDate())?.calls_made ?? 0;
};
const leads = async (q = '') =>
  expectStatus<LeadListResponse>(await t.request({ url: `/api/v1/crm/leads?tenant_id=${f.demoTenantId}&q=${encodeURIComponent(q)}`, token: f.staff }), 200);

test('an ordinary status only changes the status; the prospect stays on the list', async () => {
  const prospect = await newProspect();
  const answer = changeStatusResponseSchema.parse(
    expectStatus(await changeStatus({ prospect_id: prospect.id, status_id: statuses['Call Back'].id, prospect_contacted: false }), 200),
  );
  expect(answer).toMatchObject({
    message: 'Prospect status has been updated to "Call Back".',
    prospect_id: prospect.id,
    status_name: 'Call Back',
    lead_created: false,
    calls_incremented: false,
    should_remove_from_prospects: false,
    lead_data: null,
  });
  expect(answer.prospect).toMatchObject({ id: prospect.id, status_id: statuses['Call Back'].id, status_name: 'Call Back', last_contacted: null });
});

test('a converting status creates the lead from the prospect, which leaves the list and its total', async () => {
  const prospect = await newProspect('Convert Me Ltd');
  const before = await listTotal();
  const answer = expectStatus<ChangeStatusResponse>(
    await changeStatus({ prospect_id: prospect.id, status_id: statuses.Interested.id, prospect_contacted: false, assigned_to: null }),
    200,
  );
  expect(answer).toMatchObject({ lead_created: true, should_remove_from_prospects: true, status_name: 'Interested' });
  expect(answer.lead_data).toMatchObject({
    tenant_id: f.demoTenantId,
    prospect_id: prospect.id,
    name: 'Convert Me Ltd',
    phone1: prospect.phone1,
    email: prospect.email,
    city: 'Lyon',
    status_name: 'Interested',
    pipeline_stage_name: prospect.pipeline_stage_name,
  });
  expect(await listTotal()).toBe(before - 1);
  const prospects = expectStatus<{ prospects: Prospect[] }>(
    await t.request({ url: `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}&q=convert%20me`, token: f.staff }),
    200,
  );
  expect(prospects.prospects).toEqual([]);
  expect((await leads('convert me')).leads.map((l) => l.id)).toEqual([answer.lead_data!.id]);
  // Once converted, it cannot change status again.
  const again = await changeStatus({ prospect_id: prospect.id, status_id: statuses['Call Back'].id, prospect_contacted: false });
  expect(again.statusCode).toBe(409);
});

test('a removing status (Do Not Call) takes it off the list without a lead', async () => {
  const prospect = await newProspect('Never Again Inc');
  const before = await listTotal();
  const answer = expectStatus<ChangeStatusResponse>(
    await changeStatus({ prospect_id: prospect.id, status_id: statuses['Do Not Call'].id, prospect_contacted: false }),
    200,
  );
  expect(answer).toMatchObject({ lead_created: false, should_remove_from_prospects: true, lead_data: null });
  expect(await listTotal()).toBe(before - 1);
  expect((await leads('never again')).leads).toEqual([]);
});

test("a call needs no goal: it is its caller's call on the dashboard, and on no goal's progress", async () => {
  const prospect = await newProspect();
  const callsBefore = await callsToday();
  const dashBefore = await dashboard();
  const answer = expectStatus<ChangeStatusResponse>(
    await changeStatus({ prospect_id: prospect.id, status_id: statuses['No Answer'].id, prospect_contacted: true }),
    200,
  );
  expect(answer.calls_incremented).toBe(true);
  expect(answer.prospect.last_contacted).not.toBeNull();
  expect(await callsToday()).toBe(callsBefore);
  expect((await dashboard()).today_calls_made).toBe(dashBefore.today_calls_made + 1);
});

test("a call on a goal adds one to the goal's calls today, sets last_contacted and shows on the dashboard", async () => {
  const prospect = await newProspect();
  const callsBefore = await callsToday();
  const dashBefore = await dashboard();
  const answer = expectStatus<ChangeStatusResponse>(
    await changeStatus({ prospect_id: prospect.id, status_id: statuses['No Answer'].id, prospect_contacted: true, goal_id: goal.id, notes: 'Rang twice' }),
    200,
  );
  expect(answer.calls_incremented).toBe(true);
  expect(answer.prospect.last_contacted).not.toBeNull();
  expect(Date.now() - new Date(answer.prospect.last_contacted!).getTime()).toBeLessThan(60_000);
  expect(await callsToday()).toBe(callsBefore + 1);
  const dashAfter = await dashboard();
  expect(dashAfter.today_calls_made).toBe(dashBefore.today_calls_made + 1);
  expect(dashAfter.today_calls_goal).toBe(10);
});

test('a status, goal or assignee of another tenant is refused and nothing changes', async () => {
  const prospect = await newProspect();
  const foreignStatus = expectStatus<StatusOption[]>(
    await t.request({ url: `/api/v1/crm/status-options?tenant_id=${f.otherTenantId}`, token: f.outsider }),
    200,
  )[0];
  const calls = await callsToday();

  const status = await changeStatus({ prospect_id: prospect.id, status_id: foreignStatus.id, prospect_contacted: false });
  expect(status.statusCode).toBe(400);
  expect(status.json()).toEqual({ detail: 'status_id: Status option not found.' });
  const goalAnswer = await changeStatus({ prospect_id: prospect.id, status_id: statuses.Interested.id, prospect_contacted: true, goal_id: foreignGoal.id });
  expect(goalAnswer.statusCode).toBe(400);
  expect(goalAnswer.json()).toEqual({ detail: 'goal_id: Goal not found.' });
  const outsiderId = expectStatus<Array<{ id: string; email: string }>>(await t.request({ url: '/api/v1/auth/users', token: f.admin }), 200).find(
    (u) => u.email === 'outsider@example.com',
  )!.id;
  const assignee = await changeStatus({ prospect_id: prospect.id, status_id: statuses.Interested.id, prospect_contacted: false, assigned_to: outsiderId });
  expect(assignee.statusCode).toBe(400);
  expect(assignee.json()).toEqual({ detail: 'assigned_to: User not found.' });

  expect(await getProspect(prospect.id)).toEqual(prospect);
  expect(await callsToday()).toBe(calls);
  expect((await leads(prospect.name)).leads).toEqual([]);
});

test('an inactive status cannot be chosen', async () => {
  const prospect = await newProspect();
  const inactive = expectStatus<StatusOption>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/status-options',
      token: f.staff,
      body: { tenant_id: f.demoTenantId, name: 'Retired', is_active: false },
    }),
    201,
  );
  const response = await changeStatus({ prospect_id: prospect.id, status_id: inactive.id, prospect_contacted: false });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ detail: 'This status is inactive. Please choose an active status.' });
});

test('everything happens in one transaction: a failure creating the lead leaves no call, status or state behind', async () => {
  const prospect = await newProspect();
  const calls = await callsToday();
  const total = await listTotal();
  leadsRepository.mockImplementation((db) => ({
    ...realLeadsRepository(db),
    insertFromProspect: async () => {
      throw new Error('simulated failure');
    },
  }));
  try {
    const response = await changeStatus({ prospect_id: prospect.id, status_id: statuses.Interested.id, prospect_contacted: true, goal_id: goal.id });
    expect(response.statusCode).toBe(500);
  } finally {
    leadsRepository.mockImplementation(realLeadsRepository);
  }
  expect(await getProspect(prospect.id)).toEqual(prospect);
  expect(await callsToday()).toBe(calls);
  expect(await listTotal()).toBe(total);
});

test('deleting a converted prospect deletes its lead', async () => {
  const prospect = await newProspect('Cascade Co');
  const answer = expectStatus<ChangeStatusResponse>(
    await changeStatus({ prospect_id: prospect.id, status_id: statuses.Interested.id, prospect_contacted: false }),
    200,
  );
  expect((await leads('cascade co')).leads).toHaveLength(1);
  const total = await listTotal();
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/prospects/${prospect.id}`, token: f.staff }), 200);
  expect((await leads('cascade co')).leads).toEqual([]);
  expect((await t.request({ method: 'DELETE', url: `/api/v1/crm/leads/${answer.lead_data!.id}`, token: f.staff })).statusCode).toBe(404);
  // It had already left the list, so the total does not drop again.
  expect(await listTotal()).toBe(total);
});
