import { execFile } from 'node:child_process';
import { CONTACT_LIMITS, EMAIL_MAX_LENGTH, FAILURE_MESSAGE_MAX, PASSWORD_MAX_LENGTH, QUOTATION_LIMITS, RESET_TOKEN_MAX_LENGTH } from '@app/shared/contracts';
import { DEMO_STAFF } from '../../seed/seed';
import { createTestApp, TEST_CSRF, type TestApp } from '../../testing/test-app';

/**
 * A route that takes little or nothing reads little: an unsigned client's large body is refused from
 * its length (413) before it is read, so it is never parsed, and the event loop, health checks
 * included, goes on serving everyone else.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { loginPerIp: { max: 3, windowMs: 60_000 } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => t.close());

const csrf = { cookie: `csrftoken=${TEST_CSRF}`, 'x-csrftoken': TEST_CSRF };
/** An object of 800,000 keys (8.7 MB): parsing it took the event loop 1.6 s. */
const manyKeys = () => `{${Array.from({ length: 800_000 }, (_, index) => `"k${index}":0`).join(',')}}`;
/** JSON as a client that escapes every character beyond ASCII sends it (Python's json.dumps does): 6 bytes a character. */
const asciiJson = (value: unknown) => JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const wide = (length: number) => 'é'.repeat(length);

test('an 800,000-key object posted to the refresh route, which takes no body, is answered 413 before it is read, naming the limit', async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    headers: { ...csrf, 'content-type': 'application/json' },
    payload: manyKeys(),
  });
  expect(response.statusCode).toBe(413);
  expect(response.json()).toEqual({ detail: 'Request body is too large (limit 1024 bytes).' });
  expect(response.headers['cache-control']).toBe('no-store');
});

test('the sign-in, public and failure-report routes take a few KB: their longest valid body passes, a larger one is 413', async () => {
  const routes: Array<{ url: string; longest: Record<string, unknown> }> = [
    { url: '/api/v1/auth/login', longest: { email: wide(EMAIL_MAX_LENGTH), password: wide(PASSWORD_MAX_LENGTH) } },
    { url: '/api/v1/auth/password-reset', longest: { email: wide(EMAIL_MAX_LENGTH) } },
    { url: '/api/v1/auth/password-reset/confirm', longest: { token: wide(RESET_TOKEN_MAX_LENGTH), password: wide(PASSWORD_MAX_LENGTH) } },
    {
      url: '/api/v1/support/contact',
      longest: {
        firstName: wide(CONTACT_LIMITS.firstName),
        lastName: wide(CONTACT_LIMITS.lastName),
        email: wide(CONTACT_LIMITS.email),
        company: wide(CONTACT_LIMITS.company),
        service: 'Web Development',
        message: wide(CONTACT_LIMITS.message),
      },
    },
    { url: '/api/v1/public/quotations/not-a-link/accept', longest: { name: wide(QUOTATION_LIMITS.acceptName) } },
    { url: '/api/v1/public/quotations/not-a-link/reject', longest: { reason: wide(QUOTATION_LIMITS.rejectReason) } },
    { url: '/api/v1/releases/crm/failures', longest: { version: 'v'.repeat(64), phase: 'render', message: wide(FAILURE_MESSAGE_MAX) } },
  ];
  const answers: string[] = [];
  for (const { url, longest } of routes) {
    const body = asciiJson(longest);
    const fits = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...csrf, 'content-type': 'application/json' },
      payload: body,
      remoteAddress: '198.51.100.1',
    });
    const over = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...csrf, 'content-type': 'application/json' },
      payload: `${body.slice(0, -1)},"pad":"${'x'.repeat(16 * 1024)}"}`,
      remoteAddress: '198.51.100.2',
    });
    answers.push(`${url} ${fits.statusCode === 413 ? 'refused' : 'read'} ${over.statusCode}`);
    // A few KB: at most 40 KB for the longest (the contact form's 5,654 characters, escaped).
    expect(Buffer.byteLength(body)).toBeLessThan(40 * 1024);
  }
  expect(answers).toEqual(routes.map(({ url }) => `${url} read 413`));
});

test('a body sent to a path no route takes is not read: the 404 or 405 comes before it', async () => {
  // A length announced and never sent: reading it would wait, or answer 400 for the missing bytes.
  const claimed = { ...csrf, 'content-type': 'application/json', 'content-length': String(100 * 1024 * 1024) };
  const nowhere = await t.app.inject({ method: 'POST', url: '/api/v1/nowhere', headers: claimed, payload: '{}' });
  expect([nowhere.statusCode, nowhere.json()]).toEqual([404, { detail: 'Not found.' }]);
  const wrongMethod = await t.app.inject({ method: 'PUT', url: '/api/v1/health', headers: claimed, payload: '{}' });
  expect([wrongMethod.statusCode, wrongMethod.headers.allow]).toEqual([405, 'GET, HEAD']);
  const page = await t.app.inject({ method: 'POST', url: '/crm/prospects', headers: claimed, payload: '{}' });
  expect(page.statusCode).toBe(404);
});

test('a per-address limit answers before the body is read', async () => {
  const login = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { ...csrf, 'content-type': 'application/json' },
      payload,
      remoteAddress: '203.0.113.77',
    });
  for (let i = 0; i < 3; i += 1) expect((await login(JSON.stringify({ email: DEMO_STAFF.email, password: 'wrong-password' }))).statusCode).toBe(401);
  // Over the limit, a body that could not even be parsed is not looked at: 429, not 400.
  const limited = await login('{"email": this is not JSON');
  expect(limited.statusCode).toBe(429);
});

/**
 * Four clients in another process post an 8.7 MB object each to the refresh route (the last without
 * Content-Length, so its limit is met while reading); answers what each got: a status, or the error
 * that ended its upload once the server had answered.
 */
function floodRefresh(): Promise<Array<number | string>> {
  const script = `
    const http = require('node:http');
    const body = '{' + Array.from({ length: 800000 }, (_, i) => '"k' + i + '":0').join(',') + '}';
    const post = (chunked) => new Promise((resolve) => {
      const headers = { cookie: 'csrftoken=${TEST_CSRF}', 'x-csrftoken': '${TEST_CSRF}', 'content-type': 'application/json' };
      if (!chunked) headers['content-length'] = String(Buffer.byteLength(body));
      const request = http.request(process.argv[1] + '/api/v1/auth/refresh', { method: 'POST', headers }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      });
      request.on('error', (error) => resolve(error.message));
      if (chunked) {
        for (let at = 0; at < body.length; at += 65536) request.write(body.slice(at, at + 65536));
        request.end();
      } else request.end(body);
    });
    Promise.all([post(false), post(false), post(false), post(true)]).then((answers) => process.stdout.write(JSON.stringify(answers)));
  `;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script, base], { timeout: 60_000 }, (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout))));
  });
}

test('health stays responsive while four clients post 8.7 MB objects to the refresh route, each refused 413', async () => {
  // The first request of the process sets up the HTTP client: not the server's time.
  await (await fetch(`${base}/api/v1/health`)).arrayBuffer();
  const latencies: number[] = [];
  let posting = true;
  const flood = floodRefresh().finally(() => (posting = false));
  while (posting) {
    const started = Date.now();
    await (await fetch(`${base}/api/v1/health`)).arrayBuffer();
    latencies.push(Date.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const answers = await flood;
  // Each is refused: answered 413, or cut off while still uploading once the server had answered.
  const refused = (answer: number | string) => answer === 413 || (typeof answer === 'string' && /EPIPE|ECONNRESET|socket hang up/.test(answer));
  expect(answers.map((answer) => (refused(answer) ? 'refused' : answer))).toEqual(['refused', 'refused', 'refused', 'refused']);
  expect(answers).toContain(413);
  // Parsing one such body held the event loop for over a second; none is parsed now.
  expect(Math.max(...latencies)).toBeLessThan(1000);
});
