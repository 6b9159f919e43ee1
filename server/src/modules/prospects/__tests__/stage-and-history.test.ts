import { activityListResponseSchema, changeStatusResponseSchema, type Goal, type StatusOption, type Prospect } from '@app/shared/contracts';
import { localDate } from '../../../lib/today';
import { expectStatus } from '../../../testing/crm-fixture';
import { createStatusFixture, type StatusFixture } from '../../../testing/status-fixture';

let fixture: StatusFixture;
let t: StatusFixture['t'];
let f: StatusFixture['f'];
let statuses: StatusFixture['statuses'];
let stages: StatusFixture['stages'];
let goal: Goal;
let foreignGoal: Goal;

beforeAll(async () => {
  fixture = await createStatusFixture();
  ({ t, f, statuses, stages, goal, foreignGoal } = fixture);
});
afterAll(() => t.close());

const newProspect = (name?: string) => fixture.newProspect(name);
const changeStatus = (body: Record<string, unknown>, token?: string) => fixture.changeStatus(body, token);
const getProspect = async (id: string) => expectStatus<Prospect>(await t.request({ url: `/api/v1/crm/prospects/${id}`, token: f.staff }), 200);
const callsToday = async () => {
  const goals = expectStatus<Goal[]>(await t.request({ url: `/api/v1/crm/goals?tenant_id=${f.demoTenantId}`, token: f.staff }), 200);
  return goals.find((g) => g.id === goal.id)!.daily_calls.find((d) => d.date === localDate())?.calls_made ?? 0;
};

test('change-pipeline-stage moves a prospect to a stage of its tenant and answers the stage name', async () => {
  const prospect = await newProspect();
  const answer = expectStatus<{ pipeline_stage_name: string; prospect: Prospect }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects/change-pipeline-stage',
      token: f.staff,
      body: { prospect_id: prospect.id, pipeline_stage_id: stages.Qualified.id, notes: 'Budget confirmed' },
    }),
    200,
  );
  expect(answer.pipeline_stage_name).toBe('Qualified');
  expect(answer.prospect).toMatchObject({
    pipeline_stage_id: stages.Qualified.id,
    pipeline_stage_name: 'Qualified',
    pipeline_stage_color: stages.Qualified.color,
  });
  const missing = await t.request({ method: 'POST', url: '/api/v1/crm/prospects/change-pipeline-stage', token: f.staff, body: { prospect_id: prospect.id } });
  expect(missing.statusCode).toBe(400);
  expect(missing.json()).toEqual({ detail: 'Please select a pipeline stage to update the prospect.' });
});

test('a user of another tenant can neither change the status nor the stage of a demo prospect', async () => {
  const prospect = await newProspect();
  const otherStatuses = expectStatus<StatusOption[]>(
    await t.request({ url: `/api/v1/crm/status-options?tenant_id=${f.otherTenantId}`, token: f.outsider }),
    200,
  );
  const calls = await callsToday();
  for (const statusId of [statuses.Interested.id, otherStatuses[3].id]) {
    const response = await changeStatus({ prospect_id: prospect.id, status_id: statusId, prospect_contacted: true, goal_id: foreignGoal.id }, f.outsider);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Prospect not found.' });
  }
  const stage = await t.request({
    method: 'POST',
    url: '/api/v1/crm/prospects/change-pipeline-stage',
    token: f.outsider,
    body: { prospect_id: prospect.id, pipeline_stage_id: stages.Won.id },
  });
  expect(stage.statusCode).toBe(404);
  expect(await getProspect(prospect.id)).toEqual(prospect);
  expect(await callsToday()).toBe(calls);
});

test('the history lists status and stage changes newest first, with notes and who made them; another tenant gets 404', async () => {
  const prospect = await newProspect();
  const history = async (token = f.staff) => t.request({ url: `/api/v1/crm/prospects/${prospect.id}/activities`, token });
  expect(expectStatus(await history(), 200)).toEqual({ activities: [] });

  expectStatus(
    await changeStatus({
      prospect_id: prospect.id,
      status_id: statuses['Call Back'].id,
      prospect_contacted: true,
      goal_id: goal.id,
      notes: 'Asked to call after lunch',
    }),
    200,
  );
  expectStatus(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects/change-pipeline-stage',
      token: f.admin,
      body: { prospect_id: prospect.id, pipeline_stage_id: stages.Qualified.id },
    }),
    200,
  );
  const { activities } = activityListResponseSchema.parse(expectStatus(await history(), 200));
  expect(activities.map(({ kind, summary, notes, user_name }) => ({ kind, summary, notes, user_name }))).toEqual([
    { kind: 'stage', summary: 'Pipeline stage changed to Qualified', notes: null, user_name: expect.any(String) },
    { kind: 'status', summary: 'Status changed to Call Back (call made)', notes: 'Asked to call after lunch', user_name: 'Demo Staff' },
  ]);
  expect(activities[0].user_name).not.toBe('Demo Staff');

  const foreign = await history(f.outsider);
  expect(foreign.statusCode).toBe(404);
  expect(foreign.json()).toEqual({ detail: 'Prospect not found.' });
  expect((await t.request({ url: '/api/v1/crm/prospects/00000000-0000-4000-8000-000000000000/activities', token: f.staff })).statusCode).toBe(404);
  expect((await t.request({ url: '/api/v1/crm/prospects/not-a-uuid/activities', token: f.staff })).statusCode).toBe(400);
  expect((await t.request({ url: `/api/v1/crm/prospects/${prospect.id}/activities` })).statusCode).toBe(401);
});

test("a lead's history carries on from its prospect's; another tenant gets 404", async () => {
  const prospect = await newProspect();
  const converted = changeStatusResponseSchema.parse(
    expectStatus(await changeStatus({ prospect_id: prospect.id, status_id: statuses.Interested.id, notes: 'Wants a demo' }), 200),
  );
  const leadId = converted.lead_data!.id;
  expectStatus(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/leads/change-pipeline-stage',
      token: f.staff,
      body: { lead_id: leadId, pipeline_stage_id: stages.Proposal.id, notes: 'Sent the proposal' },
    }),
    200,
  );
  const history = activityListResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/leads/${leadId}/activities`, token: f.staff }), 200));
  expect(history.activities.map(({ summary, notes }) => [summary, notes])).toEqual([
    ['Pipeline stage changed to Proposal', 'Sent the proposal'],
    ['Status changed to Interested', 'Wants a demo'],
  ]);
  const foreign = await t.request({ url: `/api/v1/crm/leads/${leadId}/activities`, token: f.outsider });
  expect(foreign.statusCode).toBe(404);
  expect(foreign.json()).toEqual({ detail: 'Lead not found.' });
});
