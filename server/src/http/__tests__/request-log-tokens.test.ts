import http from 'node:http';
import { sendQuotationResponseSchema } from '@app/shared/contracts';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../testing/crm-fixture';
import { createQuotation } from '../../testing/quotation-helpers';
import { createTestApp, TEST_CSRF, type TestApp } from '../../testing/test-app';
import { redactUrl } from '../logging';

let t: TestApp;
let f: CrmFixture;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => t.close());

async function sentLinkToken(): Promise<string> {
  const q = await createQuotation(t, f.staff, f.demoTenantId, { valid_until: '2099-01-01' });
  const sent = sendQuotationResponseSchema.parse(
    expectStatus(await t.request({ method: 'POST', url: `/api/v1/quotations/${q.id}/send`, token: f.staff }), 200),
  );
  return sent.share_url.split('/q/')[1];
}

const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': TEST_CSRF, cookie: `csrftoken=${TEST_CSRF}` },
    body: JSON.stringify(body),
  });

test("whoever reads the request log finds no quotation link token: opening, PDF, accepting and rejecting a client's link", async () => {
  const accepted = await sentLinkToken();
  const rejected = await sentLinkToken();
  const logged = t.rawLogs.length;

  const answers = [
    (await fetch(`${base}/q/${accepted}`, { headers: { accept: 'text/html' } })).status,
    (await fetch(`${base}/api/v1/public/quotations/${accepted}`)).status,
    (await fetch(`${base}/api/v1/public/quotations/${accepted}/pdf`)).status,
    (await post(`/api/v1/public/quotations/${accepted}/accept`, { name: 'Ada Client' })).status,
    (await post(`/api/v1/public/quotations/${rejected}/reject`, { reason: 'Too dear' })).status,
    // Other spellings of the same routes reach them too.
    (await fetch(`${base}/api/v1/public/%71uotations/${rejected}`)).status,
    (await fetch(`${base}/api/v1//public/quotations//${rejected}?x=1`)).status,
    (await fetch(`${base}/q//${rejected}`, { headers: { accept: 'text/html' } })).status,
  ];
  expect(answers.slice(1, 5)).toEqual([200, 200, 200, 200]);
  expect(answers[5]).toBe(200);

  const lines = t.rawLogs.slice(logged);
  const requestLines = lines.filter((line) => line.includes('"req":'));
  expect(requestLines.length).toBeGreaterThanOrEqual(answers.length);
  for (const token of [accepted, rejected]) expect(lines.filter((line) => line.includes(token))).toEqual([]);
  const urls = requestLines.map((line) => (JSON.parse(line) as { req: { url: string } }).req.url);
  expect(urls).toEqual(
    expect.arrayContaining([
      '/q/[redacted]',
      '/api/v1/public/quotations/[redacted]',
      '/api/v1/public/quotations/[redacted]/pdf',
      '/api/v1/public/quotations/[redacted]/accept',
      '/api/v1/public/quotations/[redacted]/reject',
      '/api/v1/public/%71uotations/[redacted]',
    ]),
  );
});

/** A request whose path is sent exactly as written (fetch would resolve its dot segments first). */
function rawRequest(method: string, path: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, method, path }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end();
  });
}

test("whoever reads the request log finds no calendar feed's secret, however the feed's address is spelled", async () => {
  const made = expectStatus<{ path: string }>(await t.request({ method: 'POST', url: '/api/v1/crm/calendar-feed', token: f.staff }), 201);
  const file = made.path.split('/calendar/')[1];
  const secret = file.replace(/\.ics$/, '');
  const logged = t.rawLogs.length;

  const spellings = [
    `/api/v1/calendar/${file}`,
    `/api/v1/calendar/${file}?refresh=1`,
    `/api/v1/%63alendar/${file}`,
    `/api/v1/CALENDAR/${file}`,
    `/api/v1//calendar//${file}`,
    `/api/v1/calendar/./${file}`,
    `/api/v1/x/../calendar/${file}`,
    `/api/v1/calendar%2F${file}`,
    `/api/v1/calendar/${encodeURIComponent(file).replace(/[a-z]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
  ];
  const answers = [];
  for (const path of spellings) answers.push(await rawRequest('GET', path));
  answers.push(await rawRequest('HEAD', `/api/v1/calendar/${file}`));
  // The feed itself is read under its own spellings: the log is what is checked here, not the router.
  expect(answers[0]).toBe(200);
  expect(answers[1]).toBe(200);
  expect(answers.at(-1)).toBe(200);

  const lines = t.rawLogs.slice(logged);
  expect(lines.filter((line) => line.includes('"req":')).length).toBeGreaterThanOrEqual(spellings.length + 1);
  expect(lines.filter((line) => line.includes(secret) || line.toLowerCase().includes(secret.toLowerCase()))).toEqual([]);
  const urls = lines.filter((line) => line.includes('"req":')).map((line) => (JSON.parse(line) as { req: { url: string } }).req.url);
  expect(urls).toEqual(expect.arrayContaining(['/api/v1/calendar/[redacted]', '/api/v1/calendar/[redacted]?refresh=1', '/api/v1/%63alendar/[redacted]']));
  expectStatus(await t.request({ method: 'DELETE', url: '/api/v1/crm/calendar-feed', token: f.staff }), 200);
});

test('redaction keeps the rest of the address readable', () => {
  expect(redactUrl('/api/v1/quotations/4b0c/send')).toBe('/api/v1/quotations/4b0c/send');
  expect(redactUrl('/api/v1/crm/prospects?q=acme&page=2')).toBe('/api/v1/crm/prospects?q=acme&page=2');
  expect(redactUrl('/%51/abc?token=xyz&tab=1')).toBe('/%51/[redacted]?token=[redacted]&tab=1');
  expect(redactUrl('/api/v1/PUBLIC/Quotations/abc/accept')).toBe('/api/v1/PUBLIC/Quotations/[redacted]/accept');
  expect(redactUrl('/api/v1/crm/calendar-feed')).toBe('/api/v1/crm/calendar-feed');
  expect(redactUrl('/api/v1/calendar%2fabc.ics')).toBe('/api/v1/[redacted]');
});

test('dot segments do not hide a token: /./ and /x/../ resolve as a path does', () => {
  expect(redactUrl('/api/v1/public/./quotations/abc')).toBe('/api/v1/public/./quotations/[redacted]');
  expect(redactUrl('/api/v1/public/x/../quotations/abc/pdf')).toBe('/api/v1/public/x/../quotations/[redacted]/pdf');
  expect(redactUrl('/q/./abc')).toBe('/q/./[redacted]');
  expect(redactUrl('/x/%2e%2e/q/abc')).toBe('/x/%2e%2e/q/[redacted]');
});
