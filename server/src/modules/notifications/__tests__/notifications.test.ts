import { notificationListResponseSchema, notificationPreferencesSchema, type NotificationListResponse } from '@app/shared/contracts';
import { format } from 'date-fns/format';
import { eq } from 'drizzle-orm';
import { callbacks, mailOutbox, notifications } from '../../../db/schema';
import { userContext, type DbContext } from '../../../db/wall/context';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { auditOf, ownerUser, teamOf, type OwnerUser } from '../../../testing/owner-users';
import { prospectRequests } from '../../../testing/prospect-requests';
import { createQuotation } from '../../../testing/quotation-helpers';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { callbackDueSource } from '../../call-queue';
import { taskDueSource } from '../../tasks';
import { notificationSweep } from '../sweep';
import { scopedDatabase } from '../../../tenancy/database';

let t: TestApp;
let f: CrmFixture;
let olive: OwnerUser; // own records
let tess: OwnerUser; // team records, in Olive's team
let otto: OwnerUser; // own records, in no team
let ada: OwnerUser; // all records
let phone = 0;
let teamId: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  olive = await ownerUser(t, f, { email: 'olive@example.com', fullName: 'Olive Own', visibility: 'own' });
  tess = await ownerUser(t, f, { email: 'tess@example.com', fullName: 'Tess Team', visibility: 'team' });
  otto = await ownerUser(t, f, { email: 'otto@example.com', fullName: 'Otto Other', visibility: 'own' });
  ada = await ownerUser(t, f, { email: 'ada@example.com', fullName: 'Ada All' });
  teamId = await teamOf(t, f.demoTenantId, 'Bell Team', [olive.id, tess.id]);
  tess = { ...tess, token: await t.login('tess@example.com', 'owner-user-password') };
}, 120_000);
afterAll(() => t.close());

const sweep = () =>
  notificationSweep(scopedDatabase(t.database.handle), {
    dueSources: [callbackDueSource, taskDueSource],
    publicUrl: 'https://crm.example.com',
    mailConfigured: true,
  }).run();
const prospectAs = (token: string, name: string) =>
  prospectRequests(t, f).create({ name, phone1: `+1 555 044 ${String(++phone).padStart(4, '0')}` }, f.demoTenantId, token);
const bell = async (token: string): Promise<NotificationListResponse> =>
  notificationListResponseSchema.parse(expectStatus(await t.request({ url: '/api/v1/notifications', token }), 200));
const assign = (token: string, ids: string[], ownerId: string | null) =>
  t.request({ method: 'POST', url: '/api/v1/crm/prospects/assign', token, body: { tenant_id: f.demoTenantId, owner_id: ownerId, ids } });
const kindsOf = (answer: NotificationListResponse, kind: string) => answer.notifications.filter((n) => n.kind === kind);

test('a record assigned by someone else tells its new owner once, leading to it; a bulk assign is one notification; one’s own doing none', async () => {
  const single = await prospectAs(ada.token, 'Bell Single');
  expectStatus(await assign(ada.token, [single.id], olive.id), 200);
  const olives = await bell(olive.token);
  expect(olives.unread).toBe(1);
  expect(olives.notifications).toEqual([
    expect.objectContaining({
      kind: 'record_assigned',
      text: 'Ada All assigned you the prospect Bell Single',
      link: `/crm/prospects/${single.id}`,
      prospect_id: single.id,
      read_at: null,
    }),
  ]);
  // Nobody else hears of it: the assigner, a colleague, another tenant.
  for (const token of [ada.token, otto.token, f.outsider]) expect(kindsOf(await bell(token), 'record_assigned')).toEqual([]);

  // Six records in one request: one notification naming how many, not six.
  const many = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => prospectAs(ada.token, `Bell Bulk ${n}`)));
  expectStatus(
    await assign(
      ada.token,
      many.map((p) => p.id),
      tess.id,
    ),
    200,
  );
  const tesss = kindsOf(await bell(tess.token), 'record_assigned');
  expect(tesss).toEqual([expect.objectContaining({ text: 'Ada All assigned you 6 prospects', link: '/crm', prospect_id: null })]);

  // Taking a record for oneself tells no one.
  const mine = await prospectAs(ada.token, 'Bell Mine');
  expectStatus(await assign(ada.token, [mine.id], null), 200);
  expectStatus(await assign(ada.token, [mine.id], ada.id), 200);
  expect(kindsOf(await bell(ada.token), 'record_assigned')).toEqual([]);
});

test('each user reads and marks only their own; a record handed on out of sight takes its notification along, behind the wall too', async () => {
  const record = await prospectAs(ada.token, 'Bell Moving');
  expectStatus(await assign(ada.token, [record.id], olive.id), 200);
  const [told] = kindsOf(await bell(olive.token), 'record_assigned').filter((n) => n.prospect_id === record.id);
  expect(told).toBeDefined();

  // Another user (admins too) and another tenant's: not found, nothing marked.
  for (const token of [otto.token, f.admin, f.outsider]) {
    const refused = await t.request({ method: 'POST', url: `/api/v1/notifications/${told!.id}/read`, token });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ detail: 'Notification not found.' });
  }
  expect((await bell(olive.token)).notifications.find((n) => n.id === told!.id)?.read_at).toBeNull();

  const before = (await bell(olive.token)).unread;
  const read = expectStatus<{ unread: number }>(await t.request({ method: 'POST', url: `/api/v1/notifications/${told!.id}/read`, token: olive.token }), 200);
  expect(read.unread).toBe(before - 1);
  expect((await bell(olive.token)).notifications.find((n) => n.id === told!.id)?.read_at).toEqual(expect.any(String));

  // The database's wall: another user's context reads none of Olive's, even without a filter.
  const asOtto = userContext({ id: otto.id, isAdmin: false, tenantId: f.demoTenantId, ownerIds: [otto.id] });
  const asOlive = userContext({ id: olive.id, isAdmin: false, tenantId: f.demoTenantId, ownerIds: [olive.id] });
  const readRow = (context: DbContext) =>
    t.database.handle.contextDb(context).select({ id: notifications.id }).from(notifications).where(eq(notifications.id, told!.id));
  expect(await readRow(asOtto)).toEqual([]);
  expect(await readRow(asOlive)).toEqual([{ id: told!.id }]);

  // Handed on to Otto, whom Olive does not see: her notification about it is no longer shown.
  expectStatus(await assign(ada.token, [record.id], otto.id), 200);
  expect((await bell(olive.token)).notifications.map((n) => n.id)).not.toContain(told!.id);
  expect(await readRow(asOlive)).toEqual([]);
  // Otto hears of it in turn; Tess (Olive's team) does not see Otto's record either.
  expect(kindsOf(await bell(otto.token), 'record_assigned').map((n) => n.prospect_id)).toContain(record.id);

  expectStatus(await t.request({ method: 'POST', url: '/api/v1/notifications/read-all', token: olive.token }), 200);
  expect((await bell(olive.token)).unread).toBe(0);
  // Otto's stay unread: read-all is the caller's alone.
  expect((await bell(otto.token)).unread).toBeGreaterThan(0);
});

test('the list pages newest first and refuses a bad page with its reason', async () => {
  const page = notificationListResponseSchema.parse(expectStatus(await t.request({ url: '/api/v1/notifications?limit=1&page=2', token: tess.token }), 200));
  expect(page).toMatchObject({ page: 2, limit: 1 });
  expect(page.notifications.length).toBeLessThanOrEqual(1);
  const refused = await t.request({ url: '/api/v1/notifications?limit=0', token: tess.token });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().detail).toMatch(/^limit: /);
  expect((await t.request({ url: '/api/v1/notifications' })).statusCode).toBe(401);
});

test('a callback come due tells its owner once, whether the bell or the sweep sees it first', async () => {
  const prospect = await prospectAs(otto.token, 'Bell Callback');
  const [due] = await t.db
    .insert(callbacks)
    .values({ tenantId: f.demoTenantId, prospectId: prospect.id, owner: otto.id, dueAt: new Date(Date.now() - 60_000) })
    .returning({ id: callbacks.id });
  // One not yet due, and one of Olive's: neither is Otto's to hear now.
  await t.db.insert(callbacks).values({ tenantId: f.demoTenantId, prospectId: prospect.id, owner: otto.id, dueAt: new Date(Date.now() + 3_600_000) });
  const first = kindsOf(await bell(otto.token), 'callback_due');
  expect(first).toEqual([
    expect.objectContaining({ text: 'Callback due now: Bell Callback', link: `/crm/prospects/${prospect.id}`, prospect_id: prospect.id }),
  ]);
  await sweep();
  await sweep();
  expect(kindsOf(await bell(otto.token), 'callback_due')).toHaveLength(1);
  expect(kindsOf(await bell(olive.token), 'callback_due')).toEqual([]);

  // Another's callback, come due while nobody looks: the sweep tells its owner.
  const hers = await prospectAs(olive.token, 'Bell Her Callback');
  await t.db.insert(callbacks).values({ tenantId: f.demoTenantId, prospectId: hers.id, owner: olive.id, dueAt: new Date(Date.now() - 1_000) });
  await sweep();
  const rows = await t.db.select().from(notifications).where(eq(notifications.kind, 'callback_due'));
  expect(rows.map((row) => row.userId).sort()).toEqual([olive.id, otto.id].sort());
  expect(due).toBeDefined();
});

test('a task with a time tells its owner once when it comes due, again when moved to another time, and never for a record they cannot see', async () => {
  // Tasks keep the server's local day and time, to the minute.
  const at = (minutesFromNow: number) => {
    const moment = new Date(Date.now() + minutesFromNow * 60_000);
    return { due_date: format(moment, 'yyyy-MM-dd'), due_time: format(moment, 'HH:mm') };
  };
  const addTask = async (token: string, body: Record<string, unknown>) =>
    expectStatus<{ id: string }>(await t.request({ method: 'POST', url: '/api/v1/crm/tasks', token, body: { type: 'todo', ...body } }), 201);
  const mine = await prospectAs(otto.token, 'Bell Task Record');
  const due = await addTask(otto.token, { prospect_id: mine.id, title: 'Send the figures', ...at(-2) });
  await addTask(otto.token, { prospect_id: mine.id, title: 'Later today', ...at(90) });
  await addTask(otto.token, { prospect_id: mine.id, title: 'All day', due_date: at(-2).due_date });
  const done = await addTask(otto.token, { prospect_id: mine.id, title: 'Already done', ...at(-3) });
  expectStatus(await t.request({ method: 'PUT', url: `/api/v1/crm/tasks/${done.id}`, token: otto.token, body: { done: true } }), 200);
  // Olive's record, Otto's task (set by an All-records user): Otto does not see the record, so is not told of it.
  const hers = await prospectAs(olive.token, 'Bell Task Hidden');
  await addTask(ada.token, { prospect_id: hers.id, title: 'Hidden from Otto', owner_id: otto.id, ...at(-2) });

  expect(kindsOf(await bell(otto.token), 'task_due')).toEqual([
    expect.objectContaining({ text: 'Task due now: Send the figures', link: `/crm/prospects/${mine.id}`, prospect_id: mine.id }),
  ]);
  await sweep();
  expect(kindsOf(await bell(otto.token), 'task_due')).toHaveLength(1);
  // Moved to another time, already come: told again.
  expectStatus(await t.request({ method: 'PUT', url: `/api/v1/crm/tasks/${due.id}`, token: otto.token, body: at(-1) }), 200);
  expect(kindsOf(await bell(otto.token), 'task_due').map((n) => n.text)).toEqual(['Task due now: Send the figures', 'Task due now: Send the figures']);
  expect(kindsOf(await bell(olive.token), 'task_due')).toEqual([]);
});

test("a quotation's first view, its acceptance or rejection tell its owner once each", async () => {
  const viewedAndAccepted = await createQuotation(t, tess.token, f.demoTenantId, { client_name: 'Bell Client' });
  const sent = expectStatus<{ share_url: string }>(
    await t.request({ method: 'POST', url: `/api/v1/quotations/${viewedAndAccepted.id}/send`, token: tess.token }),
    200,
  );
  const token = sent.share_url.split('/q/')[1]!;
  for (let i = 0; i < 3; i += 1) expectStatus(await t.request({ url: `/api/v1/public/quotations/${token}` }), 200);
  expectStatus(await t.request({ method: 'POST', url: `/api/v1/public/quotations/${token}/accept`, body: { name: 'Bell Buyer' }, csrf: true }), 200);

  const rejected = await createQuotation(t, tess.token, f.demoTenantId, { client_name: 'Bell Client' });
  const sentToo = expectStatus<{ share_url: string }>(
    await t.request({ method: 'POST', url: `/api/v1/quotations/${rejected.id}/send`, token: tess.token }),
    200,
  );
  const tokenToo = sentToo.share_url.split('/q/')[1]!;
  expectStatus(await t.request({ method: 'POST', url: `/api/v1/public/quotations/${tokenToo}/reject`, body: { reason: 'Too dear' }, csrf: true }), 200);

  const tesss = await bell(tess.token);
  expect(kindsOf(tesss, 'quotation_viewed')).toEqual([
    expect.objectContaining({
      quotation_id: viewedAndAccepted.id,
      text: `Quotation ${viewedAndAccepted.number} for Bell Client was viewed by the client`,
      link: '/quotations',
    }),
  ]);
  expect(kindsOf(tesss, 'quotation_accepted').map((n) => n.quotation_id)).toEqual([viewedAndAccepted.id]);
  expect(kindsOf(tesss, 'quotation_rejected').map((n) => n.quotation_id)).toEqual([rejected.id]);
  // Otto does not own them, and does not hear.
  expect(kindsOf(await bell(otto.token), 'quotation_viewed')).toEqual([]);
});

test('an upload tells its importer once per import, brought up to date by each slice', async () => {
  const slice = async (rows: number, from: number, importId?: string) =>
    expectStatus<{ import_id: string }>(
      await t.request({
        method: 'POST',
        url: '/api/v1/crm/prospects/bulk',
        token: olive.token,
        body: {
          tenant_id: f.demoTenantId,
          ...(importId ? { import_id: importId } : { file_name: 'bell.csv' }),
          prospects: Array.from({ length: rows }, (_, i) => ({ Name: `Bell Upload ${from + i}`, Phone1: `+1 555 045 ${String(from + i).padStart(4, '0')}` })),
        },
      }),
      200,
    );
  const { import_id } = await slice(3, 1);
  await slice(2, 4, import_id);
  const imports = kindsOf(await bell(olive.token), 'import_finished');
  expect(imports).toEqual([expect.objectContaining({ text: 'Import of bell.csv finished: 5 prospects imported', link: '/crm?tab=imports', read_at: null })]);

  // Rows handed round a team: each member hears once how many came to them, the importer of the import.
  const rows = Array.from({ length: 9 }, (_, i) => ({ Name: `Bell Team Upload ${i}`, Phone1: `+1 555 046 ${String(i).padStart(4, '0')}` }));
  expectStatus(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects/bulk',
      token: ada.token,
      body: { tenant_id: f.demoTenantId, file_name: 'team.csv', assign: { team_id: teamId }, prospects: rows },
    }),
    200,
  );
  const told = [...kindsOf(await bell(olive.token), 'record_assigned'), ...kindsOf(await bell(tess.token), 'record_assigned')].filter((n) =>
    n.text.includes('team.csv'),
  );
  expect(told.map((n) => n.text).sort()).toEqual([
    'Ada All assigned you 4 prospects from the import of team.csv',
    'Ada All assigned you 5 prospects from the import of team.csv',
  ]);
  expect(kindsOf(await bell(ada.token), 'import_finished').map((n) => n.text)).toEqual(['Import of team.csv finished: 9 prospects imported']);
});

test('each kind can also be mailed, through the outbox, once per notification', async () => {
  const initial = notificationPreferencesSchema.parse(expectStatus(await t.request({ url: '/api/v1/notifications/preferences', token: tess.token }), 200));
  expect(initial.mail).toEqual({
    callback_due: false,
    task_due: false,
    record_assigned: false,
    quotation_viewed: false,
    quotation_accepted: false,
    quotation_rejected: false,
    import_finished: false,
    mail_received: false,
    mailbox_failed: false,
  });
  const refused = await t.request({ method: 'PUT', url: '/api/v1/notifications/preferences', token: tess.token, body: { mail: { record_assigned: 'yes' } } });
  expect(refused.statusCode).toBe(400);
  const set = expectStatus<{ mail: Record<string, boolean> }>(
    await t.request({ method: 'PUT', url: '/api/v1/notifications/preferences', token: tess.token, body: { mail: { record_assigned: true } } }),
    200,
  );
  expect(set.mail).toMatchObject({ record_assigned: true, callback_due: false });
  expect((await auditOf(t, 'notification_preferences.updated')).at(-1)).toMatchObject({ actorUserId: tess.id, targetId: tess.id });
  // Everyone else's are their own.
  expect(
    notificationPreferencesSchema.parse(expectStatus(await t.request({ url: '/api/v1/notifications/preferences', token: otto.token }), 200)).mail
      .record_assigned,
  ).toBe(false);

  await sweep();
  const before = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'notification'));
  const record = await prospectAs(ada.token, 'Bell Mailed');
  expectStatus(await assign(ada.token, [record.id], tess.id), 200);
  expectStatus(await assign(ada.token, [(await prospectAs(ada.token, 'Bell Unmailed')).id], otto.id), 200);
  await sweep();
  await sweep();
  const mails = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'notification'))).filter((row) => !before.some((b) => b.id === row.id));
  expect(mails.map((row) => [row.toAddress, row.payload.text, row.payload.link])).toEqual([
    ['tess@example.com', 'Ada All assigned you the prospect Bell Mailed', `https://crm.example.com/crm/prospects/${record.id}`],
  ]);
});

test('mail carries only what came after it was asked for, to a user who may still see the record and still has staff access', async () => {
  const mailedTo = async (address: string) =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'notification'))).filter((row) => row.toAddress === address).map((row) => row.payload.text);
  const mailOn = async (token: string) =>
    expectStatus(await t.request({ method: 'PUT', url: '/api/v1/notifications/preferences', token, body: { mail: { record_assigned: true } } }), 200);

  // Olive has unmailed notifications from before (read or not): asking for mail now does not send them.
  expect(kindsOf(await bell(olive.token), 'record_assigned').length).toBeGreaterThan(0);
  await mailOn(olive.token);
  await sweep();
  expect(await mailedTo('olive@example.com')).toEqual([]);

  // Assigned to her and taken back before the sweep: she no longer sees it, and it is not mailed.
  const taken = await prospectAs(ada.token, 'Bell Taken Back');
  expectStatus(await assign(ada.token, [taken.id], olive.id), 200);
  expectStatus(await assign(ada.token, [taken.id], otto.id), 200);
  const kept = await prospectAs(ada.token, 'Bell Kept');
  expectStatus(await assign(ada.token, [kept.id], olive.id), 200);
  await sweep();
  await sweep();
  expect(await mailedTo('olive@example.com')).toEqual(['Ada All assigned you the prospect Bell Kept']);

  // An account that lost its staff access is mailed nothing about the CRM.
  const sam = await ownerUser(t, f, { email: 'sam@example.com', fullName: 'Sam Staff', visibility: 'own' });
  await mailOn(sam.token);
  expectStatus(await t.request({ method: 'PUT', url: `/api/v1/auth/users/${sam.id}`, token: f.admin, body: { is_staff: false } }), 200);
  expectStatus(await assign(ada.token, [(await prospectAs(ada.token, 'Bell Not Staff')).id], sam.id), 200);
  await sweep();
  expect(await mailedTo('sam@example.com')).toEqual([]);
});
