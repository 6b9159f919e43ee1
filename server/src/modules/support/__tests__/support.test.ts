import { CONTACT_SUCCESS_MESSAGE, supportMessageListSchema, type SupportMessage } from '@app/shared/contracts';
import { expectStatus } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { CONTACT_RATE_LIMIT_DETAIL } from '../routes';
import { STAFF_REQUIRED_DETAIL } from '../../auth';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.loginStaff();
});
afterAll(() => t.close());

const form = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  message: 'Please call me about payroll.',
  ...extra,
});
const contact = (body: unknown, options: { csrf?: boolean; remoteAddress?: string } = {}) =>
  t.request({ method: 'POST', url: '/api/v1/support/contact', body, ...options });
const inbox = async (token = staff): Promise<SupportMessage[]> =>
  supportMessageListSchema.parse(expectStatus(await t.request({ url: '/api/v1/support/messages', token }), 200)).messages;

test('the contact form stores an unsolved message that staff see, newest first', async () => {
  const first = await contact(form({ company: ' Analytical Engines ', service: 'payofina' }));
  expect(first.statusCode).toBe(200);
  expect(first.json()).toEqual({ message: CONTACT_SUCCESS_MESSAGE });
  await contact(form({ firstName: 'Charles', lastName: 'Babbage', email: 'CB@Example.com ', message: 'Hello' }));

  const messages = await inbox();
  expect(messages.map((m) => m.name)).toEqual(['Charles Babbage', 'Ada Lovelace']);
  expect(messages[1]).toMatchObject({
    email: 'ada@example.com',
    phone: null,
    subject: 'Payofina enquiry',
    company: 'Analytical Engines',
    service: 'payofina',
    message: 'Please call me about payroll.',
  });
  expect(messages[0]).toMatchObject({ subject: 'General enquiry', company: null, service: null, email: 'CB@Example.com' });
  expect(Number.isNaN(Date.parse(messages[0].created_at))).toBe(false);
});

test.each([
  [{ firstName: '' }, /^firstName: /],
  [{ lastName: undefined }, /^lastName: /],
  [{ email: 'not-an-email' }, /^email: /],
  [{ message: '   ' }, /^message: /],
  [{ service: 'plumbing' }, /^service: /],
  [{ company: 'x'.repeat(201) }, /^company: /],
])('invalid input %j is a 400 naming the field', async (extra, detail) => {
  const before = (await inbox()).length;
  const response = await contact(form(extra));
  expect(response.statusCode).toBe(400);
  expect(response.json().detail).toMatch(detail);
  expect(await inbox()).toHaveLength(before);
});

test('a filled honeypot gets the normal answer and stores nothing', async () => {
  const before = (await inbox()).length;
  const response = await contact(form({ website: 'http://spam.example.com', email: 'not even valid' }));
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ message: CONTACT_SUCCESS_MESSAGE });
  expect(await inbox()).toHaveLength(before);
});

test('the form is CSRF-checked like every state-changing call', async () => {
  const response = await contact(form(), { csrf: false });
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ detail: 'CSRF token missing or invalid.' });
});

test('the inbox needs a signed-in staff member', async () => {
  expect((await t.request({ url: '/api/v1/support/messages' })).statusCode).toBe(401);
  const admin = await t.loginAdmin();
  expectStatus(
    await t.request({ method: 'POST', url: '/api/v1/auth/users', token: admin, body: { email: 'plain@example.com', password: 'plain-password' } }),
    201,
  );
  const plain = await t.login('plain@example.com', 'plain-password');
  const denied = await t.request({ url: '/api/v1/support/messages', token: plain });
  expect(denied.statusCode).toBe(403);
  expect(denied.json()).toEqual({ detail: STAFF_REQUIRED_DETAIL });
  const [message] = await inbox();
  expect((await t.request({ method: 'PUT', url: `/api/v1/support/messages/${message.id}/solve`, token: plain })).statusCode).toBe(403);
  expect((await t.request({ method: 'DELETE', url: `/api/v1/support/messages/${message.id}`, token: plain })).statusCode).toBe(403);
  expect((await inbox()).map((m) => m.id)).toContain(message.id);
  await inbox(admin);
});

test('solving takes a message off the list; solving again is fine; an unknown id is 404', async () => {
  await contact(form({ firstName: 'Solve', lastName: 'Me' }));
  const message = (await inbox()).find((m) => m.name === 'Solve Me')!;
  expect(expectStatus(await t.request({ method: 'PUT', url: `/api/v1/support/messages/${message.id}/solve`, token: staff }), 200)).toEqual({
    message: 'Message marked as solved.',
  });
  expect((await inbox()).map((m) => m.id)).not.toContain(message.id);
  expect((await t.request({ method: 'PUT', url: `/api/v1/support/messages/${message.id}/solve`, token: staff })).statusCode).toBe(200);
  const missing = await t.request({ method: 'PUT', url: '/api/v1/support/messages/00000000-0000-4000-8000-000000000000/solve', token: staff });
  expect(missing.statusCode).toBe(404);
  expect(missing.json()).toEqual({ detail: 'Message not found.' });
  expect((await t.request({ method: 'PUT', url: '/api/v1/support/messages/abc/solve', token: staff })).statusCode).toBe(400);
});

test('DELETE removes a message; 404 when missing', async () => {
  await contact(form({ firstName: 'Delete', lastName: 'Me' }));
  const message = (await inbox()).find((m) => m.name === 'Delete Me')!;
  expect(expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/support/messages/${message.id}`, token: staff }), 200)).toEqual({
    message: 'Message deleted.',
  });
  expect((await inbox()).map((m) => m.id)).not.toContain(message.id);
  const again = await t.request({ method: 'DELETE', url: `/api/v1/support/messages/${message.id}`, token: staff });
  expect(again.statusCode).toBe(404);
  expect(again.json()).toEqual({ detail: 'Message not found.' });
});

test('the form is rate-limited per address: 429 with a detail, other addresses unaffected', async () => {
  const limited = await createTestApp({ rateLimits: { contactPerIp: { max: 2, windowMs: 60_000 } } });
  try {
    const send = (remoteAddress: string) => limited.request({ method: 'POST', url: '/api/v1/support/contact', body: form(), remoteAddress });
    expect((await send('10.0.0.1')).statusCode).toBe(200);
    expect((await send('10.0.0.1')).statusCode).toBe(200);
    const third = await send('10.0.0.1');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ detail: CONTACT_RATE_LIMIT_DETAIL });
    expect((await send('10.0.0.2')).statusCode).toBe(200);
  } finally {
    await limited.close();
  }
});
