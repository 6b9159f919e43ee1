import { eq, sql } from 'drizzle-orm';
import { quotationHistoryResponseSchema } from '@app/shared/contracts';
import { mailOutbox, quotations, tenants } from '../../../db/schema';
import { addDays, localDate } from '../../../lib/today';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, TEST_SECRET, type TestApp } from '../../../testing/test-app';
import { quotationFollowups } from '../followups';
import { scopedDatabase } from '../../../tenancy/database';
import { shareLinks } from '../share-link';
import { createQuotation, draftBody } from '../../../testing/quotation-helpers';

let t: TestApp;
let second: TestApp;
let f: CrmFixture;
const today = localDate();

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://crm.example.com', publicOrigin: 'https://crm.example.com' } });
  // A second instance of the app on the same database.
  second = await createTestApp({ seed: false, database: t.database, config: t.config });
  f = await createCrmFixture(t);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

/** The follow-ups as an instance's schedule runs them. */
const followupsOf = (app: TestApp) =>
  quotationFollowups({
    database: scopedDatabase(app.database.handle),
    links: shareLinks(TEST_SECRET, 'https://crm.example.com'),
    publicUrl: 'https://crm.example.com',
    mailConfigured: true,
  });

async function sentQuotation(validUntil: string, clientEmail = 'client@buyer.example.com') {
  const q = await createQuotation(t, f.staff, f.demoTenantId, { client_email: clientEmail, quote_date: today, valid_until: validUntil });
  const sent = expectStatus<{ share_url: string }>(await t.request({ method: 'POST', url: `/api/v1/quotations/${q.id}/send`, token: f.staff }), 200);
  return { ...q, shareUrl: sent.share_url };
}

async function history(id: string) {
  return quotationHistoryResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/quotations/${id}/history`, token: f.staff }), 200)).history;
}

const outboxOf = (id: string, kind: 'quotation' | 'quotation_reminder' | 'quotation_expired') =>
  t.db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.quotationId} = ${id} and ${mailOutbox.kind} = ${kind}`);

test("a sent, undecided quotation ending within the tenant's reminder days gets one reminder with its link, however many instances run", async () => {
  await t.db.update(tenants).set({ quotationReminderDays: 3 }).where(eq(tenants.id, f.demoTenantId));
  const due = await sentQuotation(addDays(today, 2));
  const later = await sentQuotation(addDays(today, 10));
  const draft = await createQuotation(t, f.staff, f.demoTenantId, {
    client_email: 'draft@buyer.example.com',
    quote_date: today,
    valid_until: addDays(today, 1),
  });
  const accepted = await sentQuotation(addDays(today, 1), 'accepted@buyer.example.com');
  await t.db.update(quotations).set({ status: 'accepted', decidedAt: new Date(), acceptedBy: 'Buyer' }).where(eq(quotations.id, accepted.id));

  // Two instances at the same moment, then again.
  await Promise.all([followupsOf(t).run(today), followupsOf(second).run(today)]);
  await followupsOf(t).run(today);
  await t.deliverMail();

  const reminders = t.mails.filter((mail) => mail.kind === 'quotation_reminder');
  expect(reminders).toHaveLength(1);
  expect(reminders[0]).toMatchObject({ to: 'client@buyer.example.com', number: due.number, link: due.shareUrl });
  expect((await history(due.id)).filter((entry) => entry.kind === 'reminded').map((entry) => entry.summary)).toEqual([
    'Reminder sent to client@buyer.example.com',
  ]);
  expect(await outboxOf(due.id, 'quotation_reminder')).toHaveLength(1);
  for (const other of [later, draft, accepted]) expect(await outboxOf(other.id, 'quotation_reminder')).toHaveLength(0);
});

test('0 reminder days: no reminders for that tenant', async () => {
  await t.db.update(tenants).set({ quotationReminderDays: 0 }).where(eq(tenants.id, f.demoTenantId));
  const q = await sentQuotation(addDays(today, 1), 'off@buyer.example.com');
  await followupsOf(t).run(today);
  expect(await outboxOf(q.id, 'quotation_reminder')).toHaveLength(0);
  await t.db.update(tenants).set({ quotationReminderDays: 3 }).where(eq(tenants.id, f.demoTenantId));
});

test('a sent quotation that expires undecided: its owner is told once ("Q-… expired without a decision") and the history says so', async () => {
  const q = await sentQuotation(addDays(today, 20), 'late@buyer.example.com');
  // Its validity ended yesterday.
  await t.db
    .update(quotations)
    .set({ quoteDate: addDays(today, -30), validUntil: addDays(today, -1) })
    .where(eq(quotations.id, q.id));
  await Promise.all([followupsOf(t).run(today), followupsOf(second).run(today)]);
  await followupsOf(second).run(today);
  await t.deliverMail();

  const notices = t.mails.filter((mail) => mail.kind === 'quotation_expired' && mail.number === q.number);
  expect(notices).toHaveLength(1);
  expect(notices[0].to).toBe('staff@example.com');
  expect(await outboxOf(q.id, 'quotation_expired')).toHaveLength(1);
  const [row] = await outboxOf(q.id, 'quotation_expired');
  expect(row.status).toBe('sent');
  const { renderMail } = await import('../../../mail/mailer');
  expect(renderMail(notices[0]).subject).toBe(`${q.number} expired without a decision`);
  expect((await history(q.id)).filter((entry) => entry.kind === 'expired').map((entry) => entry.summary)).toEqual([
    'Expired without a decision; staff@example.com was told',
  ]);
});

test('deleting a sent quotation deletes its mails: one still queued is not sent, and the follow-ups never find it', async () => {
  const q = await sentQuotation(addDays(today, 1), 'deleted@buyer.example.com');
  const queued = await t.db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.tenantId} = ${f.demoTenantId} and ${mailOutbox.quotationId} = ${q.id}`);
  expect(queued.map((row) => [row.kind, row.status])).toEqual([['quotation', 'queued']]);

  expect((await t.request({ method: 'DELETE', url: `/api/v1/quotations/${q.id}`, token: f.staff })).statusCode).toBe(204);
  await followupsOf(t).run(today);
  await t.deliverMail();

  expect(t.mails.filter((mail) => mail.to === 'deleted@buyer.example.com')).toEqual([]);
  expect(
    await t.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.quotationId} = ${q.id}`),
  ).toEqual([]);
});

test('editing a sent quotation drops its mail still queued: the client never gets the link the edit ended', async () => {
  const q = await sentQuotation(addDays(today, 5), 'edited@buyer.example.com');
  expect((await outboxOf(q.id, 'quotation')).map((row) => row.status)).toEqual(['queued']);

  expectStatus(await t.request({ method: 'PUT', url: `/api/v1/quotations/${q.id}`, token: f.staff, body: draftBody({ title: 'Revised' }) }), 200);
  await t.deliverMail();

  expect(t.mails.filter((mail) => mail.to === 'edited@buyer.example.com')).toEqual([]);
  expect(await outboxOf(q.id, 'quotation')).toEqual([]);
});
