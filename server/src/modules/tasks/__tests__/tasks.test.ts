import { taskListResponseSchema, taskSchema, timelineResponseSchema, type StatusOption, type Task } from '@app/shared/contracts';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { auditOf, ownerUser, teamOf, type OwnerUser } from '../../../testing/owner-users';
import { prospectRequests } from '../../../testing/prospect-requests';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let f: CrmFixture;
let olive: OwnerUser; // own records
let tess: OwnerUser; // team records, in Olive's team
let otto: OwnerUser; // own records, in no team
let phone = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  olive = await ownerUser(t, f, { email: 'olive@example.com', fullName: 'Olive Own', visibility: 'own' });
  tess = await ownerUser(t, f, { email: 'tess@example.com', fullName: 'Tess Team', visibility: 'team' });
  otto = await ownerUser(t, f, { email: 'otto@example.com', fullName: 'Otto Other', visibility: 'own' });
  await teamOf(t, f.demoTenantId, 'Task Team', [olive.id, tess.id]);
  tess = { ...tess, token: await t.login('tess@example.com', 'owner-user-password') };
});
afterAll(() => t.close());

const prospectAs = (token: string, name: string) =>
  prospectRequests(t, f).create({ name, phone1: `+1 555 044 ${String(++phone).padStart(4, '0')}` }, f.demoTenantId, token);
const addTask = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/v1/crm/tasks', token, body });
const changeTask = (token: string, id: string, body: Record<string, unknown>) => t.request({ method: 'PUT', url: `/api/v1/crm/tasks/${id}`, token, body });
const tasksOf = async (token: string, query: string) =>
  taskListResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/tasks?tenant_id=${f.demoTenantId}&${query}`, token }), 200));

test('a task is added for its creator by default, changed, done (who and when), reopened and deleted, each write audited', async () => {
  const prospect = await prospectAs(olive.token, 'Task Prospect');
  const task = taskSchema.parse(
    expectStatus(
      await addTask(olive.token, { prospect_id: prospect.id, type: 'call', title: '  Ask about the budget ', due_date: '2030-05-04', due_time: '09:30' }),
      201,
    ),
  );
  expect(task).toMatchObject({
    type: 'call',
    title: 'Ask about the budget',
    due_date: '2030-05-04',
    due_time: '09:30',
    owner_id: olive.id,
    owner_name: 'Olive Own',
    prospect_id: prospect.id,
    record_name: 'Task Prospect',
    done: false,
  });

  // Wrong input names its field; nothing is kept.
  for (const [body, field] of [
    [{ prospect_id: prospect.id, type: 'fax', title: 'x', due_date: '2030-05-04' }, 'type'],
    [{ prospect_id: prospect.id, type: 'call', title: ' ', due_date: '2030-05-04' }, 'title'],
    [{ prospect_id: prospect.id, type: 'call', title: 'x', due_date: '2030-02-30' }, 'due_date'],
    [{ prospect_id: prospect.id, type: 'call', title: 'x', due_date: '2030-02-03', due_time: '24:00' }, 'due_time'],
    [{ type: 'call', title: 'x', due_date: '2030-02-03' }, 'prospect_id'],
  ] as const) {
    const refused = await addTask(olive.token, body);
    expect({ status: refused.statusCode, detail: refused.json().detail }).toEqual({ status: 400, detail: expect.stringMatching(new RegExp(`^${field}: `)) });
  }

  const changed = expectStatus<Task>(await changeTask(olive.token, task.id, { title: 'Ask about the budget again', due_time: null }), 200);
  expect(changed).toMatchObject({ title: 'Ask about the budget again', due_time: null, done: false });
  const done = expectStatus<Task>(await changeTask(tess.token, task.id, { done: true }), 200);
  expect(done).toMatchObject({ done: true, done_by_name: 'Tess Team' });
  expect(done.done_at).not.toBeNull();
  expect((await tasksOf(olive.token, `prospect_id=${prospect.id}&done=true`)).tasks.map((row) => row.id)).toEqual([task.id]);
  expect((await tasksOf(olive.token, `prospect_id=${prospect.id}&done=false`)).tasks).toEqual([]);
  expect(expectStatus<Task>(await changeTask(olive.token, task.id, { done: false }), 200)).toMatchObject({ done: false, done_at: null });
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/tasks/${task.id}`, token: olive.token }), 200);
  expect((await changeTask(olive.token, task.id, { done: true })).statusCode).toBe(404);

  for (const [action, actor] of [
    ['task.created', olive.id],
    ['task.updated', olive.id],
    ['task.completed', tess.id],
    ['task.reopened', olive.id],
    ['task.deleted', olive.id],
  ]) {
    const [entry] = (await auditOf(t, action)).filter((event) => event.targetId === task.id);
    expect(entry).toMatchObject({ actorUserId: actor, tenantId: f.demoTenantId, targetType: 'task', targetName: 'Task Prospect' });
  }
});

test('a task goes only to a user whose records the creator sees; filters by owner and due range', async () => {
  const prospect = await prospectAs(tess.token, 'Assigned Prospect');
  // Tess sees Olive's records (her team), not Otto's.
  const forOlive = expectStatus<Task>(
    await addTask(tess.token, { prospect_id: prospect.id, type: 'email', title: 'Send the deck', due_date: '2030-06-01', owner_id: olive.id }),
    201,
  );
  expect(forOlive.owner_id).toBe(olive.id);
  const refused = await addTask(tess.token, { prospect_id: prospect.id, type: 'email', title: 'x', due_date: '2030-06-01', owner_id: otto.id });
  expect(refused.statusCode).toBe(403);
  expect(refused.json().detail).toMatch(/owner/i);
  expect((await changeTask(tess.token, forOlive.id, { owner_id: otto.id })).statusCode).toBe(403);
  expectStatus(await addTask(tess.token, { prospect_id: prospect.id, type: 'meeting', title: 'Demo', due_date: '2030-06-09' }), 201);

  const olives = await tasksOf(tess.token, `owner_id=${olive.id}&prospect_id=${prospect.id}`);
  expect(olives.tasks.map((row) => row.title)).toEqual(['Send the deck']);
  const mine = await tasksOf(tess.token, `owner_id=me&prospect_id=${prospect.id}`);
  expect(mine.tasks.map((row) => row.title)).toEqual(['Demo']);
  const early = await tasksOf(tess.token, `prospect_id=${prospect.id}&due_from=2030-06-01&due_to=2030-06-08`);
  expect(early.tasks.map((row) => row.title)).toEqual(['Send the deck']);
  const paged = await tasksOf(tess.token, `prospect_id=${prospect.id}&limit=1&page=2`);
  expect({ titles: paged.tasks.map((row) => row.title), total: paged.pagination.total }).toEqual({ titles: ['Demo'], total: 2 });
  // Otto (own records) sees neither the record nor its tasks, even by id; another tenant neither.
  expect((await tasksOf(otto.token, `prospect_id=${prospect.id}`)).tasks).toEqual([]);
  expect((await changeTask(otto.token, forOlive.id, { done: true })).statusCode).toBe(404);
  expect((await addTask(otto.token, { prospect_id: prospect.id, type: 'call', title: 'x', due_date: '2030-06-01' })).statusCode).toBe(404);
  expect((await changeTask(f.outsider, forOlive.id, { done: true })).statusCode).toBe(404);
  expect((await t.request({ url: `/api/v1/crm/tasks?tenant_id=${f.demoTenantId}`, token: f.outsider })).statusCode).toBe(403);
});

test('done tasks are in the timeline; a prospect’s tasks go with it to its lead', async () => {
  const statuses = expectStatus<StatusOption[]>(await t.request({ url: `/api/v1/crm/status-options?tenant_id=${f.demoTenantId}`, token: f.admin }), 200);
  const interested = statuses.find((status) => status.name === 'Interested')!;
  const prospect = await prospectAs(olive.token, 'Converting Prospect');
  const open = expectStatus<Task>(await addTask(olive.token, { prospect_id: prospect.id, type: 'todo', title: 'Open one', due_date: '2030-01-01' }), 201);
  const closed = expectStatus<Task>(await addTask(olive.token, { prospect_id: prospect.id, type: 'call', title: 'First call', due_date: '2030-01-01' }), 201);
  expectStatus(await changeTask(olive.token, closed.id, { done: true }), 200);
  const timeline = timelineResponseSchema.parse(
    expectStatus(await t.request({ url: `/api/v1/crm/prospects/${prospect.id}/timeline`, token: olive.token }), 200),
  );
  expect(timeline.entries[0]).toMatchObject({ kind: 'task', summary: 'Task done: First call', user_name: 'Olive Own' });
  expect(timeline.entries.some((entry) => entry.summary.includes('Open one'))).toBe(false);

  const converted = expectStatus<{ lead_data: { id: string } }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects/change-status',
      token: olive.token,
      body: { prospect_id: prospect.id, status_id: interested.id },
    }),
    200,
  );
  const leadId = converted.lead_data.id;
  const onLead = await tasksOf(olive.token, `lead_id=${leadId}`);
  expect(onLead.tasks.map((row) => row.id).sort()).toEqual([open.id, closed.id].sort());
  const leadTimeline = timelineResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/leads/${leadId}/timeline`, token: olive.token }), 200));
  expect(leadTimeline.entries.filter((entry) => entry.kind === 'task').map((entry) => entry.summary)).toEqual(['Task done: First call']);
});
