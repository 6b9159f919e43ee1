import { eq, sql } from 'drizzle-orm';
import { quotationDetailSchema, type QuotationDetail } from '@app/shared/contracts';
import { mailOutbox } from '../../db/schema';
import { createQuotation } from '../../testing/quotation-helpers';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../testing/crm-fixture';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { createTestApp, TEST_SECRET, type TestApp } from '../../testing/test-app';
import type { MailQueue } from '../graphile-queue';
import { smtpMailer } from '../mailer';
import { startMailWorker } from '../mail-worker';
import { serverFollowups } from '../../modules/quotations';
import { scopedDatabase } from '../../tenancy/database';

/**
 * The outbox against a real SMTP server (smtp-server on a local port), delivered by the worker the
 * server runs (graphile-worker).
 */
let smtp: SmtpSink;
let t: TestApp;
let f: CrmFixture;
const workers: MailQueue[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    mailer: smtpMailer(smtp.url, 'Orbitra <no-reply@orbitra.test>'),
    config: { publicUrl: 'https://crm.example.com', publicOrigin: 'https://crm.example.com' },
  });
  f = await createCrmFixture(t);
});
// Each test starts from a running SMTP server that accepts, and no worker, whatever the last one left.
afterEach(async () => {
  await stopWorkers();
  smtp.refuseWith(null);
  await smtp.start();
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

async function startWorker(): Promise<MailQueue> {
  const mailer = smtpMailer(smtp.url, 'Orbitra <no-reply@orbitra.test>');
  const followups = serverFollowups(scopedDatabase(t.database.handle), { authSecret: TEST_SECRET, config: t.config, mailConfigured: mailer.configured });
  const worker = await startMailWorker({
    handle: t.database.handle,
    scheduled: () => followups.run(),
    mailer,
    log: t.app.log,
  });
  workers.push(worker);
  return worker;
}

async function stopWorkers(): Promise<void> {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
}

async function sendQuotation(overrides: Record<string, unknown> = {}): Promise<{ id: string; number: string; shareUrl: string }> {
  const q = await createQuotation(t, f.staff, f.demoTenantId, overrides);
  const sent = expectStatus<{ share_url: string; mailed: boolean }>(
    await t.request({ method: 'POST', url: `/api/v1/quotations/${q.id}/send`, token: f.staff }),
    200,
  );
  expect(sent.mailed).toBe(true);
  return { id: q.id, number: q.number, shareUrl: sent.share_url };
}

async function detail(id: string): Promise<QuotationDetail> {
  return quotationDetailSchema.parse(expectStatus(await t.request({ url: `/api/v1/quotations/${id}`, token: f.staff }), 200));
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

test('a sent quotation is mailed to its client by the worker: the subject names it, the text holds its link', async () => {
  await startWorker();
  const before = smtp.received.length;
  const q = await sendQuotation({ client_email: 'first@client.example.com' });
  const [mail] = (await smtp.waitFor(before + 1)).slice(before);
  expect(mail.to).toEqual(['first@client.example.com']);
  expect(mail.subject).toBe(`Quotation ${q.number}`);
  expect(mail.text).toContain(q.shareUrl);
  const shown = await until(
    () => detail(q.id),
    (d) => d.mail?.status === 'sent',
  );
  expect(shown.mail).toMatchObject({ status: 'sent', attempts: 1, last_error: null, to: 'first@client.example.com' });
  expect(Date.parse(shown.mail!.sent_at!)).toBeGreaterThan(Date.now() - 60_000);
  await stopWorkers();
});

test('with the SMTP server down the mail stays queued and is tried again; once it is back the mail is sent', async () => {
  await startWorker();
  await smtp.stop();
  const q = await sendQuotation({ client_email: 'patient@client.example.com' });
  // A try counts when the worker claims the mail; its answer is written once the connection fails.
  const queued = await until(
    () => detail(q.id),
    (d) => (d.mail?.attempts ?? 0) >= 1 && d.mail?.last_error != null,
  );
  expect(queued.mail).toMatchObject({ status: 'queued', sent_at: null });
  expect(queued.mail!.last_error).toMatch(/ECONNREFUSED/);
  const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.quotationId, q.id));
  // First retry within a minute (e^1 s).
  expect(row.nextAttemptAt.getTime() - Date.now()).toBeLessThan(60_000);

  await smtp.start();
  const sent = await until(
    () => detail(q.id),
    (d) => d.mail?.status === 'sent',
  );
  expect(sent.mail!.attempts).toBeGreaterThanOrEqual(2);
  expect(mailsTo('patient@client.example.com')).toHaveLength(1);
  await stopWorkers();
});

test('a refusal by the SMTP server fails the mail at once with its answer; Resend queues it again', async () => {
  await startWorker();
  smtp.refuseWith({ code: 550, message: 'No such mailbox here' });
  const q = await sendQuotation({ client_email: 'gone@client.example.com' });
  const failed = await until(
    () => detail(q.id),
    (d) => d.mail?.status === 'failed',
  );
  expect(failed.mail!.last_error).toContain('550 No such mailbox here');
  expect(failed.mail!.attempts).toBe(1);

  smtp.refuseWith(null);
  expectStatus(await t.request({ method: 'POST', url: `/api/v1/quotations/${q.id}/send`, token: f.staff }), 200);
  const resent = await until(
    () => detail(q.id),
    (d) => d.mail?.status === 'sent',
  );
  expect(resent.mail!.attempts).toBe(1);
  expect(mailsTo('gone@client.example.com')).toHaveLength(1);
  await stopWorkers();
});

test('after its last try a mail is failed with the last answer', async () => {
  await smtp.stop();
  const q = await sendQuotation({ client_email: 'last@client.example.com' });
  // Twelve tries already made, over about a day.
  await t.db.update(mailOutbox).set({ attempts: 12 }).where(eq(mailOutbox.quotationId, q.id));
  await startWorker();
  const failed = await until(
    () => detail(q.id),
    (d) => d.mail?.status === 'failed',
  );
  expect(failed.mail).toMatchObject({ status: 'failed', attempts: 13 });
  expect(failed.mail!.last_error).toMatch(/ECONNREFUSED/);
  await stopWorkers();
  await smtp.start();
});

test('mail queued while no worker runs, or held by a worker that died, is delivered after the next start', async () => {
  const waiting = await sendQuotation({ client_email: 'waiting@client.example.com' });
  const held = await sendQuotation({ client_email: 'held@client.example.com' });
  // A worker that was killed in the middle of its try: the row counts one try and its lease ran out.
  await t.db
    .update(mailOutbox)
    .set({ attempts: 1, lockedUntil: sql`now() - interval '1 second'`, nextAttemptAt: sql`now() - interval '5 minutes'` })
    .where(eq(mailOutbox.quotationId, held.id));
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(mailsTo('waiting@client.example.com')).toHaveLength(0);

  await startWorker();
  await until(
    async () => [await detail(waiting.id), await detail(held.id)],
    (both) => both.every((d) => d.mail?.status === 'sent'),
  );
  expect(mailsTo('waiting@client.example.com')).toHaveLength(1);
  expect(mailsTo('held@client.example.com')).toHaveLength(1);
  await stopWorkers();
});

test('two workers deliver each mail once', async () => {
  const sent: Array<{ id: string }> = [];
  for (let i = 0; i < 12; i += 1) sent.push(await sendQuotation({ client_email: `pair-${i}@client.example.com` }));
  await Promise.all([startWorker(), startWorker()]);
  await until(
    () => Promise.all(sent.map((q) => detail(q.id))),
    (all) => all.every((d) => d.mail?.status === 'sent'),
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (let i = 0; i < 12; i += 1) expect(mailsTo(`pair-${i}@client.example.com`)).toHaveLength(1);
  await stopWorkers();
});

test('a password reset mail goes through the outbox, and the outbox forgets the link once delivered', async () => {
  await startWorker();
  const before = smtp.received.length;
  expectStatus(await t.request({ method: 'POST', url: '/api/v1/auth/password-reset', body: { email: 'staff@example.com' } }), 200);
  const [mail] = (await smtp.waitFor(before + 1)).slice(before);
  expect(mail.subject).toBe('Reset your password');
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
  const rows = await until(
    () => t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'password_reset')),
    (r) => r.every((row) => row.status === 'sent'),
  );
  expect(JSON.stringify(rows)).not.toContain(token);
  await stopWorkers();
});
