import { sql } from 'drizzle-orm';
import {
  publicQuotationSchema,
  quotationHistoryResponseSchema,
  quotationSchema,
  sendQuotationResponseSchema,
  type SendQuotationResponse,
} from '@app/shared/contracts';
import { addDays } from '@app/shared/quotations';
import { localDate } from '../../../lib/today';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createQuotation, draftBody, pdfText } from '../../../testing/quotation-helpers';

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://orbitra.example.com', publicOrigin: 'https://orbitra.example.com' } });
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

async function send(id: string): Promise<SendQuotationResponse> {
  const answer = sendQuotationResponseSchema.parse(
    expectStatus(await t.request({ method: 'POST', url: `/api/v1/quotations/${id}/send`, token: f.staff }), 200),
  );
  await t.deliverMail();
  return answer;
}
const tokenOf = (shareUrl: string) => shareUrl.split('/q/')[1];
const publicCall = (token: string, action = '', body?: unknown) =>
  t.request({ method: body === undefined ? 'GET' : 'POST', url: `/api/v1/public/quotations/${token}${action}`, body, csrf: body !== undefined });

test('send -> the client opens the link, accepts with a name -> a second decision is a 409', async () => {
  const q = await createQuotation(t, f.staff, f.demoTenantId);
  const sent = await send(q.id);
  expect(sent.status).toBe('sent');
  expect(sent.share_url).toMatch(/^https:\/\/orbitra\.example\.com\/q\/[A-Za-z0-9_-]{43}$/);
  expect(new Date(sent.expires_at).getTime()).toBeGreaterThan(Date.parse(`${q.valid_until}T00:00:00Z`) - 86_400_000);
  expect(sent.mailed).toBe(true);
  expect(t.quotationMails.at(-1)).toMatchObject({ to: 'buyer@acme.example.com', number: q.number, link: sent.share_url });
  // Staff see the same link again; sending again keeps it.
  expect(quotationSchema.parse(expectStatus(await t.request({ url: `/api/v1/quotations/${q.id}`, token: f.staff }), 200)).share_url).toBe(sent.share_url);
  expect((await send(q.id)).share_url).toBe(sent.share_url);

  const token = tokenOf(sent.share_url);
  const view = expectStatus<Record<string, unknown>>(await publicCall(token), 200);
  expect(publicQuotationSchema.parse(view)).toMatchObject({ number: q.number, status: 'sent', total: q.total, client_name: 'Acme Corp' });
  expect(Object.keys(view).filter((key) => /(^id$|_id$|tenant|lead|created_by|share|token|nonce|sent_at|updated_at|created_at)/.test(key))).toEqual([]);
  expect(JSON.stringify(view)).not.toContain(f.demoTenantId);
  expect(JSON.stringify(view)).not.toContain(q.id);

  const accepted = expectStatus<{ status: string; accepted_by: string; decided_at: string }>(
    await publicCall(token, '/accept', { name: '  Jane Buyer ' }),
    200,
  );
  expect(accepted).toMatchObject({ status: 'accepted', accepted_by: 'Jane Buyer' });
  expect(accepted.decided_at).toEqual(expect.any(String));
  const again = await publicCall(token, '/reject', { reason: 'changed my mind' });
  expect(again.statusCode).toBe(409);
  expect(typeof again.json().detail).toBe('string');
  expect((await publicCall(token, '/accept', { name: 'Someone' })).statusCode).toBe(409);

  const staffView = quotationSchema.parse(expectStatus(await t.request({ url: `/api/v1/quotations/${q.id}`, token: f.staff }), 200));
  expect(staffView).toMatchObject({ status: 'accepted', accepted_by: 'Jane Buyer' });
  const history = quotationHistoryResponseSchema.parse(
    expectStatus(await t.request({ url: `/api/v1/quotations/${q.id}/history`, token: f.staff }), 200),
  ).history;
  expect(history.map((h) => h.kind)).toEqual(['accepted', 'viewed', 'sent', 'sent', 'created']);
  expect(history[0]).toMatchObject({ actor: 'Jane Buyer', summary: 'Accepted by Jane Buyer' });

  // Accepted is final: editing answers 409 and says to duplicate.
  const edit = await t.request({ method: 'PUT', url: `/api/v1/quotations/${q.id}`, token: f.staff, body: draftBody() });
  expect(edit.statusCode).toBe(409);
  expect(edit.json().detail).toMatch(/Duplicate/);
  expect((await t.request({ method: 'POST', url: `/api/v1/quotations/${q.id}/send`, token: f.staff })).statusCode).toBe(409);
});

test('reject records the reason; the name is required to accept', async () => {
  const q = await createQuotation(t, f.staff, f.demoTenantId);
  const token = tokenOf((await send(q.id)).share_url);
  const noName = await publicCall(token, '/accept', { name: '   ' });
  expect(noName.statusCode).toBe(400);
  expect(noName.json().detail).toBe('Please enter your name to accept.');
  expect(expectStatus(await publicCall(token, '/reject', { reason: 'Too expensive' }), 200)).toMatchObject({
    status: 'rejected',
    rejection_reason: 'Too expensive',
  });
  expect((await publicCall(token, '/accept', { name: 'Late' })).statusCode).toBe(409);
});

test('past valid_until the link answers 410 and the quotation lists as expired', async () => {
  const q = await createQuotation(t, f.staff, f.demoTenantId, { title: 'Soon expired' });
  const token = tokenOf((await send(q.id)).share_url);
  await t.db.execute(sql`update quotations set quote_date = ${addDays(localDate(), -40)}, valid_until = ${addDays(localDate(), -1)} where id = ${q.id}`);
  for (const [action, body] of [
    ['', undefined],
    ['/pdf', undefined],
    ['/accept', { name: 'Jane' }],
    ['/reject', {}],
  ] as const) {
    const response = await publicCall(token, action, body);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ detail: 'This quotation has expired.' });
  }
  const listed = expectStatus<{ quotations: Array<{ id: string; status: string }> }>(
    await t.request({ url: `/api/v1/quotations?tenant_id=${f.demoTenantId}&status=expired`, token: f.staff }),
    200,
  );
  expect(listed.quotations.map((x) => [x.id, x.status])).toEqual([[q.id, 'expired']]);
  const pending = expectStatus<{ quotations: Array<{ id: string }> }>(
    await t.request({ url: `/api/v1/quotations?tenant_id=${f.demoTenantId}&status=sent`, token: f.staff }),
    200,
  );
  expect(pending.quotations.map((x) => x.id)).not.toContain(q.id);
});

test('a guessed or revoked token is a 404; editing a sent quotation makes it a draft and kills its link', async () => {
  expect((await publicCall('A'.repeat(43))).statusCode).toBe(404);
  expect((await publicCall('not a token!')).statusCode).toBe(400);
  const q = await createQuotation(t, f.staff, f.demoTenantId);
  const token = tokenOf((await send(q.id)).share_url);
  expect((await publicCall(token)).statusCode).toBe(200);
  const edited = quotationSchema.parse(
    expectStatus(await t.request({ method: 'PUT', url: `/api/v1/quotations/${q.id}`, token: f.staff, body: draftBody({ title: 'Revised' }) }), 200),
  );
  expect(edited).toMatchObject({ status: 'draft', share_url: null });
  expect((await publicCall(token)).statusCode).toBe(404);
  expect((await publicCall(token, '/accept', { name: 'Jane' })).statusCode).toBe(404);
  const resent = await send(q.id);
  expect(tokenOf(resent.share_url)).not.toBe(token);
});

test('the client can download the PDF through the link', async () => {
  const q = await createQuotation(t, f.staff, f.demoTenantId);
  const response = await publicCall(tokenOf((await send(q.id)).share_url), '/pdf');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(pdfText(response.rawPayload)).toContain(q.number);
});

test('without mail the link is not mailed and the log never holds the token', async () => {
  const logged = await import('../../../testing/test-app').then(({ createTestApp: make }) => make({ mailer: 'log' }));
  try {
    const staff = await logged.loginStaff();
    const q = await createQuotation(logged, staff, logged.seed!.tenantId);
    const sent = sendQuotationResponseSchema.parse(
      expectStatus(await logged.request({ method: 'POST', url: `/api/v1/quotations/${q.id}/send`, token: staff }), 200),
    );
    expect(sent.mailed).toBe(false);
    expect(logged.rawLogs.some((line) => line.includes('Quotation link not mailed'))).toBe(true);
    const shown = expectStatus(await logged.request({ url: `/api/v1/quotations/${q.id}`, token: staff }), 200) as { mail: unknown };
    expect(shown.mail).toMatchObject({ status: 'not_configured', attempts: 0, sent_at: null });
    expect(logged.rawLogs.some((line) => line.includes(tokenOf(sent.share_url)))).toBe(false);
  } finally {
    await logged.close();
  }
});

test('link calls are limited per address', async () => {
  const limited = await import('../../../testing/test-app').then(({ createTestApp: make }) =>
    make({ seed: false, rateLimits: { publicQuotationPerIp: { max: 3, windowMs: 60_000 } } }),
  );
  try {
    const call = (ip: string) => limited.request({ url: `/api/v1/public/quotations/${'B'.repeat(43)}`, remoteAddress: ip, csrf: false });
    expect([(await call('10.0.0.1')).statusCode, (await call('10.0.0.1')).statusCode, (await call('10.0.0.1')).statusCode]).toEqual([404, 404, 404]);
    const blocked = await call('10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(typeof blocked.json().detail).toBe('string');
    expect((await call('10.0.0.2')).statusCode).toBe(404);
  } finally {
    await limited.close();
  }
});

test('the PDF of a decided quotation says who accepted it and when, or when and why it was rejected', async () => {
  const pdfOf = async (id: string) => pdfText((await t.request({ url: `/api/v1/quotations/${id}/pdf`, token: f.staff })).rawPayload).replace(/\s+/g, ' ');
  const utc = (iso: string) => {
    const at = new Date(iso);
    const day = at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    return `${day}, ${at.toISOString().slice(11, 16)} UTC`;
  };

  const accepted = await createQuotation(t, f.staff, f.demoTenantId, { valid_until: '2099-01-01' });
  expect(await pdfOf(accepted.id)).not.toContain('Accepted by');
  const acceptToken = tokenOf((await send(accepted.id)).share_url);
  const decision = expectStatus<{ decided_at: string }>(await publicCall(acceptToken, '/accept', { name: 'Jane Buyer' }), 200);
  expect(await pdfOf(accepted.id)).toContain(`Accepted by Jane Buyer on ${utc(decision.decided_at)}.`);
  // The client's own copy says the same.
  const clientPdf = pdfText((await publicCall(acceptToken, '/pdf')).rawPayload).replace(/\s+/g, ' ');
  expect(clientPdf).toContain(`Accepted by Jane Buyer on ${utc(decision.decided_at)}.`);

  const rejected = await createQuotation(t, f.staff, f.demoTenantId, { valid_until: '2099-01-01' });
  const rejectToken = tokenOf((await send(rejected.id)).share_url);
  const refusal = expectStatus<{ decided_at: string }>(await publicCall(rejectToken, '/reject', { reason: 'Over our budget this year' }), 200);
  const text = await pdfOf(rejected.id);
  expect(text).toContain(`Rejected by the client on ${utc(refusal.decided_at)}.`);
  expect(text).toContain('Reason: Over our budget this year');
});
