import {
  emailAccountSchema,
  notificationListResponseSchema,
  recordMailListSchema,
  recordMailSchema,
  timelineResponseSchema,
  type EmailAccount,
  type RecordMail,
} from '@app/shared/contracts';
import { eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { recordMails } from '../../../db/schema';
import { userContext, type DbContext } from '../../../db/wall/context';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { startDovecot, type Dovecot } from '../../../testing/dovecot';
import { auditOf, ownerUser, type OwnerUser } from '../../../testing/owner-users';
import { prospectRequests } from '../../../testing/prospect-requests';
import { startSmtpSink, type SmtpSink } from '../../../testing/smtp-sink';
import { createTestApp, type TestApp } from '../../../testing/test-app';

const REP = { address: 'rep@example.com', password: 'rep-app-password' };
const BUYER = 'buyer@acme.example';

let t: TestApp;
let f: CrmFixture;
let dovecot: Dovecot;
let sink: SmtpSink;
let olive: OwnerUser; // own records: the rep
let otto: OwnerUser; // own records: sees none of Olive's
let account: EmailAccount;
let phone = 0;
// The SMTP server's logins, read at each login: a test adds one.
const smtpUsers: Record<string, string> = { [REP.address]: REP.password };

const mailboxBody = (address: string, password: string, extra: Record<string, unknown> = {}) => ({
  email_address: address,
  provider: 'other',
  password,
  imap_host: '127.0.0.1',
  imap_port: dovecot.port,
  imap_security: 'none',
  smtp_host: '127.0.0.1',
  smtp_port: sink.port,
  smtp_security: 'none',
  ...extra,
});

/** A session as the mailbox's user, straight to the IMAP server, as another mail program would. */
async function imapAs(user: string, password: string): Promise<ImapFlow> {
  const client = new ImapFlow({ host: dovecot.host, port: dovecot.port, secure: false, auth: { user, pass: password }, logger: false });
  await client.connect();
  return client;
}

async function folderMessages(user: string, password: string, folder: string): Promise<string[]> {
  const client = await imapAs(user, password);
  try {
    const lock = await client.getMailboxLock(folder);
    try {
      const out: string[] = [];
      if (client.mailbox && client.mailbox.exists > 0) {
        for await (const message of client.fetch('1:*', { source: true })) out.push(message.source!.toString('utf8'));
      }
      return out;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  dovecot = await startDovecot([{ user: REP.address, password: REP.password }]);
  sink = await startSmtpSink({ users: smtpUsers });
  olive = await ownerUser(t, f, { email: 'olive.mail@example.com', fullName: 'Olive Own', visibility: 'own' });
  otto = await ownerUser(t, f, { email: 'otto.mail@example.com', fullName: 'Otto Other', visibility: 'own' });
  account = emailAccountSchema.parse(
    expectStatus(
      await t.request({
        method: 'POST',
        url: '/api/v1/email/accounts',
        token: olive.token,
        body: mailboxBody(REP.address, REP.password, { check_connection: true }),
      }),
      201,
    ),
  );
});
afterAll(async () => {
  await t.close();
  await sink.stop();
  await dovecot.stop();
});

const prospectAs = (token: string, name: string, email: string) =>
  prospectRequests(t, f).create({ name, email, manager: 'Jane Buyer', phone1: `+1 555 049 ${String(++phone).padStart(4, '0')}` }, f.demoTenantId, token);
const mailsUrl = (id: string) => `/api/v1/crm/prospects/${id}/mails`;
const send = (token: string, id: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: mailsUrl(id), token, body });
const threadsOf = async (token: string, id: string) => recordMailListSchema.parse(expectStatus(await t.request({ url: mailsUrl(id), token }), 200)).threads;

test('a connected mailbox: Check connection tried both servers on save', () => {
  expect(account).toMatchObject({ connection: 'connected', imap_host: '127.0.0.1', smtp_security: 'none', auth_failed_at: null });
});

test('a mail sent from a record goes out once through the mailbox, with its Message-ID, into its Sent folder and onto the timeline with its sender, audited', async () => {
  const prospect = await prospectAs(olive.token, 'Acme Sent', BUYER);
  const before = sink.received.length;
  const mail = recordMailSchema.parse(
    expectStatus(
      await send(olive.token, prospect.id, { account_id: account.id, to: [BUYER], subject: 'Offer for Acme', body: 'Hello Jane,\nhere is our offer.' }),
      201,
    ),
  );
  expect(mail).toMatchObject({ direction: 'sent', from: { address: REP.address, name: 'Olive Own' }, delivery: { status: 'queued' } });

  // The outbox delivers it: exactly one arrives, through the mailbox's login, however often the worker looks.
  await t.deliverMail();
  await t.deliverMail();
  const arrived = sink.received.slice(before);
  expect(arrived).toHaveLength(1);
  expect(arrived[0]).toMatchObject({ from: REP.address, to: [BUYER], subject: 'Offer for Acme', user: REP.address });
  const messageId = /^Message-ID: <([^>]+)>/im.exec(arrived[0].raw)?.[1];
  expect(messageId).toMatch(/@example\.com$/);
  const [thread] = await threadsOf(olive.token, prospect.id);
  expect(thread.mails).toHaveLength(1);
  expect(thread.mails[0].delivery).toMatchObject({ status: 'sent', attempts: 1 });

  // The fetch puts it in the mailbox's Sent folder, and finding it there adds nothing to the record.
  await t.fetchMailboxes(account.id);
  const sent = await folderMessages(REP.address, REP.password, 'Sent');
  expect(sent.filter((raw) => raw.includes(messageId!))).toHaveLength(1);
  await t.fetchMailboxes(account.id);
  expect((await threadsOf(olive.token, prospect.id)).flatMap((th) => th.mails)).toHaveLength(1);
  // Both fetches went through to the end.
  const accounts = expectStatus<EmailAccount[]>(await t.request({ url: '/api/v1/email/accounts', token: olive.token }), 200);
  expect(accounts.find((a) => a.id === account.id)).toMatchObject({ connection: 'connected', fetch_error: null, fetched_at: expect.any(String) });

  const timeline = timelineResponseSchema.parse(
    expectStatus(await t.request({ url: `/api/v1/crm/prospects/${prospect.id}/timeline`, token: olive.token }), 200),
  );
  expect(timeline.entries.find((entry) => entry.kind === 'mail')).toMatchObject({ summary: 'Email sent: Offer for Acme', user_name: 'Olive Own' });
  const [audited] = (await auditOf(t, 'record_mail.sent')).filter((event) => event.targetId === prospect.id);
  expect(audited).toMatchObject({ actorUserId: olive.id, tenantId: f.demoTenantId, targetName: 'Acme Sent' });
});

test('a reply written in the IMAP server joins the conversation on the record within one fetch, as text only, and tells the owner once', async () => {
  const prospect = await prospectAs(olive.token, 'Acme Reply', 'reply@acme.example');
  const sentMail = expectStatus<RecordMail>(
    await send(olive.token, prospect.id, { account_id: account.id, to: ['reply@acme.example'], subject: 'Proposal', body: 'Our proposal.' }),
    201,
  );
  await t.deliverMail();
  const raw = sink.received.find((mail) => mail.subject === 'Proposal')!.raw;
  const messageId = /^Message-ID: <([^>]+)>/im.exec(raw)![1];
  await t.fetchMailboxes(account.id);

  const reply = [
    'From: "Jane <b>Buyer</b>" <reply@acme.example>',
    `To: ${REP.address}`,
    'Subject: Re: Proposal <script>alert(1)</script>',
    `Message-ID: <reply-1@acme.example>`,
    `In-Reply-To: <${messageId}>`,
    `References: <${messageId}>`,
    // A second later than the mail it answers (a Date header has whole seconds).
    'Date: ' + new Date(Date.now() + 1000).toUTCString(),
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p>Looks <b>good</b>.</p><script>alert("x")</script><img src="https://tracker.example/p.gif">',
    '--b1',
    'Content-Type: application/pdf; name="signed.pdf"',
    'Content-Disposition: attachment; filename="signed.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from('%PDF-1.4 signed').toString('base64'),
    '--b1--',
    '',
  ].join('\r\n');
  const client = await imapAs(REP.address, REP.password);
  await client.append('INBOX', reply);
  // Mail of nobody's record stays out of the CRM.
  await client.append('INBOX', `From: stranger@else.example\r\nTo: ${REP.address}\r\nSubject: Lunch?\r\nMessage-ID: <lunch@else.example>\r\n\r\nLunch?`);
  await client.logout();

  await t.fetchMailboxes(account.id);
  const threads = await threadsOf(olive.token, prospect.id);
  expect(threads).toHaveLength(1);
  const [first, answer] = threads[0].mails;
  expect(first.id).toBe(sentMail.id);
  expect(answer).toMatchObject({
    direction: 'received',
    from: { address: 'reply@acme.example', name: 'Jane <b>Buyer</b>' },
    subject: 'Re: Proposal <script>alert(1)</script>',
    attachments: [{ filename: 'signed.pdf', content_type: 'application/pdf' }],
  });
  // Text only: the HTML's words, none of its markup or script.
  expect(answer.body).toContain('Looks');
  expect(answer.body).not.toMatch(/<p>|<script|alert\("x"\)|<img/);
  expect((await t.request({ url: '/api/v1/crm/prospects', token: olive.token })).body).not.toContain('Lunch?');

  // The original is a download, never a page.
  const original = await t.request({ url: `${mailsUrl(prospect.id)}/${answer.id}/original`, token: olive.token });
  expect(original.statusCode).toBe(200);
  expect(original.headers['content-type']).toMatch(/^message\/rfc822/);
  expect(original.headers['content-disposition']).toMatch(/^attachment;/);
  expect(original.body).toContain('signed.pdf');

  // Its owner hears of the reply, once, however often the mailbox is fetched.
  await t.fetchMailboxes(account.id);
  const notifications = notificationListResponseSchema.parse(expectStatus(await t.request({ url: '/api/v1/notifications', token: olive.token }), 200));
  const told = notifications.notifications.filter((n) => n.kind === 'mail_received' && n.link === `/crm/prospects/${prospect.id}`);
  expect(told).toHaveLength(1);
  expect(told[0].text).toBe('Reply from Jane <b>Buyer</b> on Acme Reply: Re: Proposal <script>alert(1)</script>');
});

test('a user without sight of the record sees none of its mail, also behind the database wall', async () => {
  const prospect = await prospectAs(olive.token, 'Acme Hidden', 'hidden@acme.example');
  const mail = expectStatus<RecordMail>(
    await send(olive.token, prospect.id, { account_id: account.id, to: ['hidden@acme.example'], subject: 'Private', body: 'Between us.' }),
    201,
  );
  for (const token of [otto.token, f.outsider]) {
    expect((await t.request({ url: mailsUrl(prospect.id), token })).statusCode).toBe(404);
    expect((await t.request({ url: `${mailsUrl(prospect.id)}/${mail.id}/original`, token })).statusCode).toBe(404);
    expect((await t.request({ url: `/api/v1/crm/prospects/${prospect.id}/timeline`, token })).statusCode).toBe(404);
    expect((await send(token, prospect.id, { account_id: account.id, to: ['hidden@acme.example'], subject: 'x', body: 'y' })).statusCode).toBe(404);
  }
  const asOtto = userContext({ id: otto.id, isAdmin: false, tenantId: f.demoTenantId, ownerIds: [otto.id] });
  const asOlive = userContext({ id: olive.id, isAdmin: false, tenantId: f.demoTenantId, ownerIds: [olive.id] });
  const read = (context: DbContext) => t.database.handle.contextDb(context).select({ id: recordMails.id }).from(recordMails).where(eq(recordMails.id, mail.id));
  expect(await read(asOtto)).toEqual([]);
  expect(await read(asOlive)).toEqual([{ id: mail.id }]);
});

test('a mailbox whose password is wrong is reported by the check; one whose password stops working shows so and tells its owner once', async () => {
  const check = await t.request({ method: 'POST', url: '/api/v1/email/accounts/check', token: olive.token, body: mailboxBody(REP.address, 'wrong') });
  expect(check.json()).toMatchObject({
    ok: false,
    imap: { ok: false, message: expect.stringMatching(/refused the user name or password/) },
    smtp: { ok: false, message: expect.stringMatching(/refused the user name or password/) },
  });
  const refused = await t.request({
    method: 'POST',
    url: '/api/v1/email/accounts',
    token: olive.token,
    body: mailboxBody('second@example.com', 'wrong', { check_connection: true }),
  });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().detail).toMatch(/^The mailbox was not saved\. Incoming mail \(IMAP\): The server refused the user name or password/);

  // A second mailbox that worked, whose password is then changed at the provider.
  await dovecot.setUser('second@example.com', 'second-password');
  smtpUsers['second@example.com'] = 'second-password';
  const second = expectStatus<EmailAccount>(
    await t.request({
      method: 'POST',
      url: '/api/v1/email/accounts',
      token: olive.token,
      body: { ...mailboxBody('second@example.com', 'second-password', { check_connection: true }), smtp_port: sink.port },
    }),
    201,
  ).id;
  await dovecot.setUser('second@example.com', 'changed-elsewhere');
  await t.fetchMailboxes(second);
  await t.fetchMailboxes(second);
  await t.fetchMailboxes();
  const accounts = expectStatus<EmailAccount[]>(await t.request({ url: '/api/v1/email/accounts', token: olive.token }), 200);
  expect(accounts.find((a) => a.id === second)).toMatchObject({ connection: 'password_failed', auth_failed_at: expect.any(String) });
  const notifications = notificationListResponseSchema.parse(expectStatus(await t.request({ url: '/api/v1/notifications', token: olive.token }), 200));
  expect(notifications.notifications.filter((n) => n.kind === 'mailbox_failed')).toHaveLength(1);
  // Nothing is sent from it until its password is entered again.
  const prospect = await prospectAs(olive.token, 'Acme Failed', 'failed@acme.example');
  const blocked = await send(olive.token, prospect.id, { account_id: second, to: ['failed@acme.example'], subject: 'x', body: 'y' });
  expect(blocked.statusCode).toBe(409);
  expect(blocked.json().detail).toMatch(/password of this mailbox stopped working/);
});

test('bad input is refused with its field and sends nothing: header injection, NUL, lone surrogates, megabytes, wrong types, strangers and other tenants', async () => {
  const prospect = await prospectAs(olive.token, 'Acme Attack', 'attack@acme.example');
  const good = { account_id: account.id, to: ['attack@acme.example'], subject: 'Hello', body: 'Text' };
  // Mail queued by the tests before goes out first: what arrives after is this test's.
  await t.deliverMail();
  const before = sink.received.length;
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ subject: 'Hi\r\nBcc: victim@else.example' }, /^subject: must be one line/],
    [{ subject: 'Hi\nX-Injected: 1' }, /^subject: must be one line/],
    [{ to: ['attack@acme.example\r\nBcc: victim@else.example'] }, /^to(\.0)?: /],
    [{ to: ['"Evil" <victim@else.example>'] }, /^to(\.0)?: /],
    [{ to: ['attack@acme.example, victim@else.example'] }, /^to(\.0)?: /],
    [{ to: ['victim@else.example'] }, /^to: victim@else\.example is not an address of this prospect/],
    [{ to: [] }, /^to: choose at least one address/],
    [{ to: 'attack@acme.example' }, /^to: /],
    [{ subject: 'a\u0000b' }, /^subject: must not contain NUL/],
    [{ body: 'a\ud800b' }, /^body: must not contain NUL characters, unpaired UTF-16 surrogates or bidirectional control characters/],
    [{ body: 'x'.repeat(1024 * 1024) }, /^body: must be at most 50,000 characters/],
    [{ subject: 'x'.repeat(301) }, /^subject: must be at most 300 characters/],
    [{ subject: 42 }, /^subject: /],
    [{ body: '   ' }, /^body: please write the mail/],
    [{ account_id: 'not-a-uuid' }, /^account_id: /],
  ];
  for (const [change, detail] of cases) {
    const refused = await send(olive.token, prospect.id, { ...good, ...change });
    expect({ change: Object.keys(change), status: refused.statusCode, detail: refused.json().detail }).toEqual({
      change: Object.keys(change),
      status: 400,
      detail: expect.stringMatching(detail),
    });
  }
  // Another user's mailbox, an unknown record, another tenant's record: not found.
  const ottoProspect = await prospectAs(otto.token, 'Otto Co', 'otto@co.example');
  expect((await send(otto.token, ottoProspect.id, { ...good, to: ['otto@co.example'] })).statusCode).toBe(404);
  expect((await send(olive.token, '00000000-0000-4000-8000-000000000000', good)).statusCode).toBe(404);
  const outsiderProspect = await prospectRequests(t, f).create(
    { name: 'Far Co', email: 'far@co.example', phone1: '+1 555 049 9999' },
    f.otherTenantId,
    f.outsider,
  );
  expect((await send(olive.token, outsiderProspect.id, { ...good, to: ['far@co.example'] })).statusCode).toBe(404);
  expect((await t.request({ url: `/api/v1/crm/prospects/${outsiderProspect.id}/mails`, token: olive.token })).statusCode).toBe(404);

  // Nothing was queued or sent by any of them.
  await t.deliverMail();
  expect(sink.received.length).toBe(before);
  expect(await threadsOf(olive.token, prospect.id)).toEqual([]);
});

test('templates: merge fields filled on a chosen record, an unknown field named, and only the author or an admin changes one', async () => {
  const prospect = await prospectAs(olive.token, 'Acme Template', 'template@acme.example');
  const body = {
    tenant_id: f.demoTenantId,
    name: 'First contact',
    subject: 'Hello {{company}}',
    body: 'Hi {{ first_name }},\n{{rep_name}} ({{rep_email}})\n{{quotation_link}}',
  };
  const template = expectStatus<{ id: string }>(await t.request({ method: 'POST', url: '/api/v1/crm/mail-templates', token: olive.token, body }), 201);
  expect((await t.request({ method: 'POST', url: '/api/v1/crm/mail-templates', token: otto.token, body: { ...body, name: 'FIRST CONTACT' } })).statusCode).toBe(
    409,
  );

  const unknown = await t.request({
    method: 'POST',
    url: '/api/v1/crm/mail-templates',
    token: olive.token,
    body: { ...body, name: 'Bad', body: 'Dear {{firstname}} of {{company}}' },
  });
  expect(unknown.statusCode).toBe(400);
  expect(unknown.json().detail).toBe(
    'body: unknown merge field {{firstname}}; use {{company}}, {{first_name}}, {{rep_name}}, {{rep_email}}, {{quotation_link}}',
  );

  const preview = expectStatus<{ subject: string; body: string; missing: string[] }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/mail-templates/preview',
      token: olive.token,
      body: { record_type: 'prospect', record_id: prospect.id, account_id: account.id, subject: body.subject, body: body.body },
    }),
    200,
  );
  expect(preview).toEqual({ subject: 'Hello Acme Template', body: `Hi Jane,\nOlive Own (${REP.address})\n`, missing: ['quotation_link'] });
  // A record the user does not see is not previewed on.
  const hidden = await t.request({
    method: 'POST',
    url: '/api/v1/crm/mail-templates/preview',
    token: otto.token,
    body: { record_type: 'prospect', record_id: prospect.id, subject: 'x', body: 'y' },
  });
  expect(hidden.statusCode).toBe(404);

  for (const token of [otto.token]) {
    expect((await t.request({ method: 'PUT', url: `/api/v1/crm/mail-templates/${template.id}`, token, body: { ...body, name: 'Mine' } })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/v1/crm/mail-templates/${template.id}`, token })).statusCode).toBe(403);
  }
  expect((await t.request({ url: `/api/v1/crm/mail-templates?tenant_id=${f.demoTenantId}`, token: f.outsider })).statusCode).toBe(403);
  expectStatus(
    await t.request({ method: 'PUT', url: `/api/v1/crm/mail-templates/${template.id}`, token: f.admin, body: { ...body, name: 'First contact (v2)' } }),
    200,
  );
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/mail-templates/${template.id}`, token: olive.token }), 200);
  expect((await auditOf(t, 'mail_template.deleted')).some((event) => event.targetId === template.id)).toBe(true);
});
