import { myDaySchema, taskSchema, type Callback, type MyDay, type Task } from '@app/shared/contracts';
import { eq } from 'drizzle-orm';
import { callbacks, prospects } from '../../../db/schema';
import { addDays, localDate } from '../../../lib/today';
import { expectStatus } from '../../../testing/crm-fixture';
import { ownerUser, type OwnerUser } from '../../../testing/owner-users';
import { createStatusFixture, type StatusFixture } from '../../../testing/status-fixture';

let fx: StatusFixture;
let now: Date;
let olive: OwnerUser;
let otto: OwnerUser;

// Ten days ahead, so the fixture's goal (from today on) is active on every day the clock is set to.
const base = new Date();
base.setDate(base.getDate() + 10);
const D = localDate(base);
/** The server's local time on day D (plus days). */
const at = (days: number, hours: number, minutes: number) => new Date(base.getFullYear(), base.getMonth(), base.getDate() + days, hours, minutes);

beforeAll(async () => {
  now = at(0, 10, 0);
  fx = await createStatusFixture({ clock: () => now });
  olive = await ownerUser(fx.t, fx.f, { email: 'olive@example.com', fullName: 'Olive Own', visibility: 'own' });
  otto = await ownerUser(fx.t, fx.f, { email: 'otto@example.com', fullName: 'Otto Other', visibility: 'own' });
});
afterAll(() => fx.t.close());

const myDay = async (token: string): Promise<MyDay> =>
  myDaySchema.parse(expectStatus(await fx.t.request({ url: `/api/v1/crm/my-day?tenant_id=${fx.f.demoTenantId}`, token }), 200));
const titles = (tasks: Task[]) => tasks.map((task) => task.title);
const add = async (token: string, body: Record<string, unknown>) =>
  taskSchema.parse(expectStatus(await fx.t.request({ method: 'POST', url: '/api/v1/crm/tasks', token, body: { type: 'todo', ...body } }), 201));
const setDone = (token: string, id: string) => fx.t.request({ method: 'PUT', url: `/api/v1/crm/tasks/${id}`, token, body: { done: true } });

test('My day: overdue, today by time, the next 7 days; the day turns at the server’s local midnight', async () => {
  const prospect = await fx.newProspect('My Day Prospect');
  await fx.t.db.update(prospects).set({ ownerId: olive.id }).where(eq(prospects.id, prospect.id));
  const on = (days: number, title: string, due_time?: string) => add(olive.token, { prospect_id: prospect.id, title, due_date: addDays(D, days), due_time });
  await on(-1, 'Yesterday');
  await on(0, 'Today, whole day');
  await on(0, 'Today 10:00', '10:00');
  await on(0, 'Today 08:00', '08:00');
  await on(1, 'Tomorrow');
  await on(7, 'In a week');
  await on(8, 'Too far');
  const finished = await on(0, 'Already done', '07:00');
  expectStatus(await setDone(olive.token, finished.id), 200);
  // Someone else's task on the same record is theirs, not Olive's.
  await add(fx.f.admin, { prospect_id: prospect.id, title: 'Admin’s own', due_date: D });

  now = at(0, 23, 59);
  const evening = await myDay(olive.token);
  expect(evening.today).toBe(D);
  expect({ overdue: titles(evening.overdue), today: titles(evening.due_today), upcoming: titles(evening.upcoming) }).toEqual({
    overdue: ['Yesterday'],
    today: ['Today 08:00', 'Today 10:00', 'Today, whole day'],
    upcoming: ['Tomorrow', 'In a week'],
  });

  now = at(1, 0, 1);
  const nextMorning = await myDay(olive.token);
  expect(nextMorning.today).toBe(addDays(D, 1));
  expect({ overdue: titles(nextMorning.overdue), today: titles(nextMorning.due_today), upcoming: titles(nextMorning.upcoming) }).toEqual({
    overdue: ['Yesterday', 'Today 08:00', 'Today 10:00', 'Today, whole day'],
    today: ['Tomorrow'],
    upcoming: ['In a week', 'Too far'],
  });

  // Handed to Otto, the record leaves Olive's sight, and its tasks leave her day.
  await fx.t.db.update(prospects).set({ ownerId: otto.id }).where(eq(prospects.id, prospect.id));
  const hidden = await myDay(olive.token);
  expect([...hidden.overdue, ...hidden.due_today, ...hidden.upcoming]).toEqual([]);
});

test('a callback scheduled in the queue is a call task: ticking it ends the callback, logging the call ends the task', async () => {
  now = at(0, 10, 0);
  const callbacksDue = async () =>
    expectStatus<{ callbacks: Callback[] }>(
      await fx.t.request({ url: `/api/v1/crm/callbacks?tenant_id=${fx.f.demoTenantId}&due=today`, token: fx.f.staff }),
      200,
    ).callbacks;
  const schedule = async (name: string) => {
    const prospect = await fx.newProspect(name);
    const outcome = await fx.t.request({
      method: 'POST',
      url: `/api/v1/crm/call-queue/${prospect.id}/outcome`,
      token: fx.f.staff,
      body: { goal_id: fx.goal.id, callback_at: at(0, 15, 30).toISOString() },
    });
    const { callback } = expectStatus<{ callback: Callback }>(outcome, 200);
    return { prospect, callback };
  };

  const first = await schedule('Callback Ticked');
  const day = await myDay(fx.f.staff);
  const task = day.callbacks.find((row) => row.callback_id === first.callback.id)!;
  expect(task).toMatchObject({ type: 'call', title: 'Call back Callback Ticked', due_date: D, due_time: '15:30', prospect_id: first.prospect.id });
  expect(titles(day.due_today)).not.toContain('Call back Callback Ticked');
  expect((await callbacksDue()).map((row) => row.id)).toContain(first.callback.id);
  expectStatus(await setDone(fx.f.staff, task.id), 200);
  expect((await callbacksDue()).map((row) => row.id)).not.toContain(first.callback.id);

  const second = await schedule('Callback Called');
  const secondTask = (await myDay(fx.f.staff)).callbacks.find((row) => row.callback_id === second.callback.id)!;
  expectStatus(
    await fx.t.request({
      method: 'POST',
      url: `/api/v1/crm/call-queue/${second.prospect.id}/outcome`,
      token: fx.f.staff,
      body: { goal_id: fx.goal.id, status_id: fx.statuses['No Answer'].id },
    }),
    200,
  );
  const after = expectStatus<{ tasks: Task[] }>(
    await fx.t.request({ url: `/api/v1/crm/tasks?tenant_id=${fx.f.demoTenantId}&prospect_id=${second.prospect.id}`, token: fx.f.staff }),
    200,
  ).tasks;
  expect(after.find((row) => row.id === secondTask.id)).toMatchObject({ done: true });
  expect((await myDay(fx.f.staff)).callbacks.map((row) => row.id)).not.toContain(secondTask.id);

  // Moved to another day, the call task takes its callback along: one due time in My day, the queue and the dashboard.
  const third = await schedule('Callback Moved');
  const thirdTask = (await myDay(fx.f.staff)).callbacks.find((row) => row.callback_id === third.callback.id)!;
  expectStatus(
    await fx.t.request({ method: 'PUT', url: `/api/v1/crm/tasks/${thirdTask.id}`, token: fx.f.staff, body: { due_date: addDays(D, 3), due_time: '09:15' } }),
    200,
  );
  expect((await callbacksDue()).map((row) => row.id)).not.toContain(third.callback.id);
  const moved = await myDay(fx.f.staff);
  expect(moved.callbacks.map((row) => row.id)).not.toContain(thirdTask.id);
  expect(moved.upcoming.find((row) => row.id === thirdTask.id)).toMatchObject({ due_date: addDays(D, 3), due_time: '09:15' });
  const [stored] = await fx.t.db.select().from(callbacks).where(eq(callbacks.id, third.callback.id));
  expect(stored.dueAt.getTime()).toBe(new Date(`${addDays(D, 3)}T09:15:00`).getTime());

  // A task always has an owner: null is refused, and the callback keeps its caller.
  const ownerless = await fx.t.request({ method: 'PUT', url: `/api/v1/crm/tasks/${thirdTask.id}`, token: fx.f.staff, body: { owner_id: null } });
  expect(ownerless.statusCode).toBe(400);
  expect(ownerless.json()).toEqual({ detail: 'owner_id: must be a valid user id' });
});

/** The calendar's lines, unfolded (RFC 5545 3.1). */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '').split('\r\n');

test('the calendar feed: a secret address listing the user’s open timed tasks as iCalendar; regenerated or turned off, the old one is not found', async () => {
  now = at(0, 9, 0);
  const prospect = await fx.newProspect('Feed Prospect');
  await fx.t.db.update(prospects).set({ ownerId: olive.id }).where(eq(prospects.id, prospect.id));
  const timed = await add(olive.token, {
    prospect_id: prospect.id,
    type: 'meeting',
    title: 'Demo; bring slides, and the \\ key',
    due_date: D,
    due_time: '14:45',
  });
  await add(olive.token, { prospect_id: prospect.id, title: 'No time', due_date: D });
  const done = await add(olive.token, { prospect_id: prospect.id, title: 'Finished', due_date: D, due_time: '08:00' });
  expectStatus(await setDone(olive.token, done.id), 200);

  expect(expectStatus(await fx.t.request({ url: '/api/v1/crm/calendar-feed', token: olive.token }), 200)).toEqual({ active: false, created_at: null });
  const made = expectStatus<{ path: string }>(await fx.t.request({ method: 'POST', url: '/api/v1/crm/calendar-feed', token: olive.token }), 201);
  expect(expectStatus<{ active: boolean }>(await fx.t.request({ url: '/api/v1/crm/calendar-feed', token: olive.token }), 200).active).toBe(true);

  const response = await fx.t.request({ url: made.path });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/calendar/);
  const text = response.body;
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  const lines = unfold(text);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  const events = lines.filter((line) => line === 'BEGIN:VEVENT').length;
  expect(events).toBe(1);
  expect(lines).toContain(`UID:task-${timed.id}@orbitra-crm`);
  expect(lines).toContain('SUMMARY:Meeting: Demo\\; bring slides\\, and the \\\\ key');
  expect(lines).toContain(`DTSTART:${at(0, 14, 45).toISOString().replace(/[-:]/g, '').replace('.000', '')}`);
  expect(lines.some((line) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(line))).toBe(true);
  // The same task keeps its UID on every read.
  expect(unfold((await fx.t.request({ url: made.path })).body)).toContain(`UID:task-${timed.id}@orbitra-crm`);

  // A task the user can no longer see leaves the feed.
  await fx.t.db.update(prospects).set({ ownerId: otto.id }).where(eq(prospects.id, prospect.id));
  expect(unfold((await fx.t.request({ url: made.path })).body).filter((line) => line === 'BEGIN:VEVENT')).toEqual([]);

  const again = expectStatus<{ path: string }>(await fx.t.request({ method: 'POST', url: '/api/v1/crm/calendar-feed', token: olive.token }), 201);
  expect((await fx.t.request({ url: made.path })).statusCode).toBe(404);
  expect((await fx.t.request({ url: again.path })).statusCode).toBe(200);
  expectStatus(await fx.t.request({ method: 'DELETE', url: '/api/v1/crm/calendar-feed', token: olive.token }), 200);
  expect((await fx.t.request({ url: again.path })).statusCode).toBe(404);
  expect((await fx.t.request({ url: '/api/v1/calendar/not-a-real-token-at-all-000000.ics' })).statusCode).toBe(404);
  expect((await fx.t.request({ url: '/api/v1/calendar/x' })).statusCode).toBe(404);
  const long = await fx.t.request({ url: `/api/v1/calendar/${'a'.repeat(5000)}.ics` });
  expect([long.statusCode, typeof long.json().detail]).toEqual([414, 'string']);

  // An account that lost its staff access has no feed, as every CRM route refuses it; given back, the address works again.
  const feed = expectStatus<{ path: string }>(await fx.t.request({ method: 'POST', url: '/api/v1/crm/calendar-feed', token: olive.token }), 201);
  const staffAccess = (isStaff: boolean) =>
    fx.t.request({ method: 'PUT', url: `/api/v1/auth/users/${olive.id}`, token: fx.f.admin, body: { is_staff: isStaff } });
  expectStatus(await staffAccess(false), 200);
  expect((await fx.t.request({ url: feed.path })).statusCode).toBe(404);
  expectStatus(await staffAccess(true), 200);
  expect((await fx.t.request({ url: feed.path })).statusCode).toBe(200);
});
