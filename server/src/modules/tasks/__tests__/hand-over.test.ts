import { myDaySchema, notificationListResponseSchema, taskSchema, type CallCard, type MyDay, type Task } from '@app/shared/contracts';
import { eq } from 'drizzle-orm';
import * as repositoryModule from '../repository';
import { callbacks, leads, prospects, tasks } from '../../../db/schema';
import { addDays, localDate } from '../../../lib/today';
import { expectStatus } from '../../../testing/crm-fixture';
import { ownerUser, type OwnerUser } from '../../../testing/owner-users';
import { createStatusFixture, type StatusFixture } from '../../../testing/status-fixture';

// The tasks repository as it is, one test making it fail (a re-export cannot be spied on).
jest.mock('../repository', () => {
  const actual = jest.requireActual<typeof repositoryModule>('../repository');
  return { __esModule: true, ...actual, tasksRepository: jest.fn(actual.tasksRepository) };
});
const tasksRepository = jest.mocked(repositoryModule.tasksRepository);
const realTasksRepository = jest.requireActual<typeof repositoryModule>('../repository').tasksRepository;

/*
 * A record handed to someone else takes its open work along: its open tasks and callbacks owned by
 * the previous owner go to the new owner in the hand-over's transaction, the new owner's
 * notification names them, and My day and the calendar feeds of both follow.
 */

let fx: StatusFixture;
let ana: OwnerUser;
let ben: OwnerUser;
let cleo: OwnerUser;
const today = localDate();
const tomorrow = addDays(today, 1);

beforeAll(async () => {
  fx = await createStatusFixture();
  ana = await ownerUser(fx.t, fx.f, { email: 'hand-over-ana@example.com', fullName: 'Ana Before', visibility: 'own' });
  ben = await ownerUser(fx.t, fx.f, { email: 'hand-over-ben@example.com', fullName: 'Ben After', visibility: 'own' });
  cleo = await ownerUser(fx.t, fx.f, { email: 'hand-over-cleo@example.com', fullName: 'Cleo Colleague', visibility: 'all' });
});
afterAll(() => fx.t.close());

const tenant = () => fx.f.demoTenantId;
let phone = 8800;
async function prospectOf(token: string, name: string): Promise<string> {
  phone += 1;
  return expectStatus<{ id: string }>(
    await fx.t.request({ method: 'POST', url: '/api/v1/crm/prospects', token, body: { tenant_id: tenant(), name, phone1: `+1 555 062 ${phone}` } }),
    201,
  ).id;
}
const addTask = async (token: string, body: Record<string, unknown>): Promise<Task> =>
  taskSchema.parse(
    expectStatus(await fx.t.request({ method: 'POST', url: '/api/v1/crm/tasks', token, body: { type: 'call', due_date: tomorrow, ...body } }), 201),
  );
const myDay = async (token: string): Promise<MyDay> =>
  myDaySchema.parse(expectStatus(await fx.t.request({ url: `/api/v1/crm/my-day?tenant_id=${tenant()}`, token }), 200));
const listed = (day: MyDay) => [...day.overdue, ...day.due_today, ...day.callbacks, ...day.upcoming].map((task) => task.title).sort();
const assign = (kind: 'prospects' | 'leads', ids: string[], ownerId: string | null) =>
  fx.t.request({ method: 'POST', url: `/api/v1/crm/${kind}/assign`, token: fx.f.admin, body: { tenant_id: tenant(), owner_id: ownerId, ids } });
const ownerOfTask = async (id: string) => (await fx.t.db.select({ ownerId: tasks.ownerId }).from(tasks).where(eq(tasks.id, id)))[0]!.ownerId;
const feedOf = async (token: string) =>
  expectStatus<{ path: string }>(await fx.t.request({ method: 'POST', url: '/api/v1/crm/calendar-feed', token }), 201).path;
const feedEvents = async (path: string) =>
  (await fx.t.request({ url: path })).body
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line.startsWith('SUMMARY:'));
const notificationsOf = async (token: string) =>
  notificationListResponseSchema.parse(expectStatus(await fx.t.request({ url: '/api/v1/notifications', token }), 200)).notifications.map((n) => n.text);

test("a prospect handed over takes its previous owner's open tasks and callbacks to the new owner; the notification names them; My day and both feeds follow", async () => {
  const id = await prospectOf(ana.token, 'Handed Prospect');
  const call = await addTask(ana.token, { prospect_id: id, title: 'Call about the budget', due_date: today, due_time: '23:58' });
  const email = await addTask(ana.token, { prospect_id: id, type: 'email', title: 'Send the price list' });
  const done = await addTask(ana.token, { prospect_id: id, title: 'Already done' });
  expectStatus(await fx.t.request({ method: 'PUT', url: `/api/v1/crm/tasks/${done.id}`, token: ana.token, body: { done: true } }), 200);
  // A colleague's task on the same record stays the colleague's.
  const theirs = await addTask(cleo.token, { prospect_id: id, title: "Cleo's own follow-up" });
  // A callback scheduled in the queue: a callback and its call task.
  const card = expectStatus<CallCard>(
    await fx.t.request({
      method: 'POST',
      url: '/api/v1/crm/call-queue/next',
      token: ana.token,
      body: { tenant_id: tenant(), filter: { q: 'Handed Prospect' } },
    }),
    200,
  );
  expect(card.prospect.id).toBe(id);
  const callbackAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
  expectStatus(await fx.t.request({ method: 'POST', url: `/api/v1/crm/call-queue/${id}/outcome`, token: ana.token, body: { callback_at: callbackAt } }), 200);
  const [callback] = await fx.t.db.select().from(callbacks).where(eq(callbacks.prospectId, id));
  const [callbackTask] = await fx.t.db.select().from(tasks).where(eq(tasks.callbackId, callback!.id));
  const anasFeed = await feedOf(ana.token);
  const bensFeed = await feedOf(ben.token);
  expect(listed(await myDay(ana.token))).toEqual(expect.arrayContaining(['Call about the budget', 'Send the price list']));
  expect(await feedEvents(anasFeed)).toEqual(expect.arrayContaining(['SUMMARY:Call: Call about the budget']));

  expect(expectStatus(await assign('prospects', [id], ben.id), 200)).toEqual({ updated: 1 });

  expect([await ownerOfTask(call.id), await ownerOfTask(email.id), await ownerOfTask(callbackTask!.id)]).toEqual([ben.id, ben.id, ben.id]);
  expect([await ownerOfTask(done.id), await ownerOfTask(theirs.id)]).toEqual([ana.id, cleo.id]);
  expect((await fx.t.db.select().from(callbacks).where(eq(callbacks.id, callback!.id)))[0]!.owner).toBe(ben.id);
  // Ben's day and feed have them; Ana's no longer do.
  expect(listed(await myDay(ben.token))).toEqual(expect.arrayContaining(['Call about the budget', 'Send the price list', 'Call back Handed Prospect']));
  expect(listed(await myDay(ana.token))).not.toEqual(expect.arrayContaining(['Call about the budget']));
  expect(listed(await myDay(ana.token)).filter((title) => title.includes('Handed') || title.includes('budget') || title.includes('price list'))).toEqual([]);
  expect(await feedEvents(bensFeed)).toEqual(expect.arrayContaining(['SUMMARY:Call: Call about the budget', 'SUMMARY:Call: Call back Handed Prospect']));
  expect((await feedEvents(anasFeed)).filter((line) => line.includes('budget') || line.includes('Handed'))).toEqual([]);
  // Ben's callbacks due come to him in the queue and on the dashboard.
  const bensCallbacks = expectStatus<{ callbacks: Array<{ id: string }> }>(
    await fx.t.request({ url: `/api/v1/crm/callbacks?tenant_id=${tenant()}`, token: ben.token }),
    200,
  );
  expect(bensCallbacks.callbacks.map((row) => row.id)).toContain(callback!.id);
  // He is told, with the tasks named.
  const told = (await notificationsOf(ben.token)).find((text) => text.includes('Handed Prospect'));
  expect(told).toMatch(/assigned you the prospect Handed Prospect, with 3 open tasks: /);
  expect(told).toContain('"Call about the budget"');
  expect(told).toContain('"Send the price list"');
});

test('a lead handed over takes its open tasks, those written on its prospect before it converted too', async () => {
  const id = await prospectOf(ana.token, 'Handed Lead Co');
  const early = await addTask(ana.token, { prospect_id: id, title: 'Written on the prospect' });
  const converted = expectStatus<{ lead_data: { id: string } }>(
    await fx.t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects/change-status',
      token: ana.token,
      body: { prospect_id: id, status_id: fx.statuses.Interested.id, prospect_contacted: false },
    }),
    200,
  );
  const leadId = converted.lead_data.id;
  const late = await addTask(ana.token, { lead_id: leadId, title: 'Written on the lead' });
  expectStatus(await assign('leads', [leadId], ben.id), 200);
  expect([await ownerOfTask(early.id), await ownerOfTask(late.id)]).toEqual([ben.id, ben.id]);
  expect((await fx.t.db.select({ ownerId: leads.ownerId }).from(leads).where(eq(leads.id, leadId)))[0]!.ownerId).toBe(ben.id);
  expect((await notificationsOf(ben.token)).find((text) => text.includes('Handed Lead Co'))).toMatch(
    /assigned you the lead Handed Lead Co, with 2 open tasks: "Written on the prospect" and "Written on the lead"$/,
  );
});

test('a record left to no one keeps its tasks with their owner', async () => {
  const id = await prospectOf(ana.token, 'Unassigned Later');
  const task = await addTask(ana.token, { prospect_id: id, title: 'Stays with Ana' });
  expectStatus(await assign('prospects', [id], null), 200);
  expect(await ownerOfTask(task.id)).toBe(ana.id);
});

test('the tasks move in the hand-over’s transaction: when moving them fails, the record keeps its owner', async () => {
  const id = await prospectOf(ana.token, 'All Or Nothing');
  const task = await addTask(ana.token, { prospect_id: id, title: 'Moves only with its record' });
  tasksRepository.mockImplementation((db) => ({
    ...realTasksRepository(db),
    followRecords: async () => {
      throw new Error('simulated failure');
    },
  }));
  try {
    expect((await assign('prospects', [id], ben.id)).statusCode).toBe(500);
  } finally {
    tasksRepository.mockImplementation(realTasksRepository);
  }
  expect((await fx.t.db.select({ ownerId: prospects.ownerId }).from(prospects).where(eq(prospects.id, id)))[0]!.ownerId).toBe(ana.id);
  expect(await ownerOfTask(task.id)).toBe(ana.id);
});
