import { prospectListResponseSchema } from '@app/shared/contracts';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { operationsOf, type Operation } from '../../../testing/fuzz/corpus';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { ADMIN_REQUIRED_DETAIL } from '../authenticate';
import { STAFF_AREAS, STAFF_REQUIRED_DETAIL } from '../staff-area';

/**
 * A signed-in account without the staff flag (and not an admin) works in no staff area: every
 * signed-in operation of the CRM, quotations, email accounts, the website inbox and notifications, as the OpenAPI
 * document lists them today and later, answers it 403. Its own account routes stay open.
 */
let t: TestApp;
let f: CrmFixture;
let plain: string;
let doc: { paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>> };
let staffOperations: Operation[];
const ANY_ID = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  // In the demo tenant, so the tenant check alone would let it through.
  expectStatus(
    await t.request({
      method: 'POST',
      url: '/api/v1/auth/users',
      token: f.admin,
      body: { email: 'no-staff@example.com', password: 'no-staff-password', tenant_id: f.demoTenantId, is_staff: false },
    }),
    201,
  );
  plain = await t.login('no-staff@example.com', 'no-staff-password');
  const served = expectStatus<Parameters<typeof operationsOf>[0] & typeof doc>(await t.request({ url: '/api/openapi.json' }), 200);
  doc = served;
  staffOperations = operationsOf(served).filter(
    (op) => STAFF_AREAS.test(op.path.replace(/^\/api\/v1/, '')) && (doc.paths[op.path][op.method.toLowerCase()].security ?? []).length > 0,
  );
});
afterAll(() => t.close());

function urlOf(op: Operation): string {
  const path = op.pathParams.reduce((url, name) => url.replace(`{${name}}`, ANY_ID), op.path);
  return `${path}?tenant_id=${f.demoTenantId}`;
}

test('a signed-in user without the staff flag gets 403 with a plain detail from every CRM, quotations, email, inbox and notifications operation', async () => {
  expect(staffOperations.length).toBeGreaterThan(50);
  expect(new Set(staffOperations.map((op) => op.path.split('/')[3]))).toEqual(new Set(['crm', 'quotations', 'email', 'support', 'notifications']));
  const answers: string[] = [];
  for (const op of staffOperations) {
    const body = op.body ? { tenant_id: f.demoTenantId } : undefined;
    const response = await t.request({ method: op.method as 'GET', url: urlOf(op), token: plain, body });
    // Admins-only operations refuse it as they refuse staff: saying admins are needed.
    const detail = (response.json() as { detail?: string }).detail;
    const plainRefusal = detail === STAFF_REQUIRED_DETAIL || detail === ADMIN_REQUIRED_DETAIL;
    answers.push(`${op.method} ${op.path} ${response.statusCode} ${plainRefusal ? 'refused' : response.body}`);
  }
  expect(answers).toEqual(staffOperations.map((op) => `${op.method} ${op.path} 403 refused`));
});

test('the 403 is in the API description of each of those operations', () => {
  const undocumented = staffOperations.filter((op) => !doc.paths[op.path][op.method.toLowerCase()].responses['403']);
  expect(undocumented.map((op) => `${op.method} ${op.path}`)).toEqual([]);
});

test('a user without the staff flag creates no prospect; staff and admins still do', async () => {
  const body = { tenant_id: f.demoTenantId, name: 'Not Staff Ltd', phone1: '+1 555 010 0900' };
  const refused = await t.request({ method: 'POST', url: '/api/v1/crm/prospects', token: plain, body });
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toEqual({ detail: STAFF_REQUIRED_DETAIL });
  const list = prospectListResponseSchema.parse(
    expectStatus(await t.request({ url: `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}&q=Not%20Staff`, token: f.staff }), 200),
  );
  expect(list.prospects).toEqual([]);
  expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/prospects', token: f.staff, body }), 201);
  expectStatus(await t.request({ url: `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}`, token: f.admin }), 200);
});

test('a user whose staff flag is removed reads, marks and sets no notifications, hand-overs made after it included; given it back, they are there', async () => {
  const made = expectStatus<{ id: string }>(
    await t.request({
      method: 'POST',
      url: '/api/v1/auth/users',
      token: f.admin,
      body: { email: 'was-staff@example.com', password: 'was-staff-password', tenant_id: f.demoTenantId, is_staff: true },
    }),
    201,
  );
  const token = await t.login('was-staff@example.com', 'was-staff-password');
  const prospect = async (name: string, phone: string) =>
    expectStatus<{ id: string }>(
      await t.request({ method: 'POST', url: '/api/v1/crm/prospects', token: f.admin, body: { tenant_id: f.demoTenantId, name, phone1: phone } }),
      201,
    ).id;
  const handOver = async (id: string) =>
    expectStatus(
      await t.request({
        method: 'POST',
        url: '/api/v1/crm/prospects/assign',
        token: f.admin,
        body: { tenant_id: f.demoTenantId, owner_id: made.id, ids: [id] },
      }),
      200,
    );
  await handOver(await prospect('Before Removal Ltd', '+1 555 010 0911'));
  const bell = () => t.request({ url: '/api/v1/notifications', token });
  expect(expectStatus<{ unread: number }>(await bell(), 200).unread).toBe(1);

  expectStatus(await t.request({ method: 'PUT', url: `/api/v1/auth/users/${made.id}`, token: f.admin, body: { is_staff: false } }), 200);
  await handOver(await prospect('After Removal Ltd', '+1 555 010 0912'));
  const refused = [
    await bell(),
    await t.request({ url: '/api/v1/notifications?page=2', token }),
    await t.request({ method: 'POST', url: '/api/v1/notifications/read-all', token }),
    await t.request({ method: 'POST', url: `/api/v1/notifications/${ANY_ID}/read`, token }),
    await t.request({ url: '/api/v1/notifications/preferences', token }),
    await t.request({ method: 'PUT', url: '/api/v1/notifications/preferences', token, body: { mail: { record_assigned: true } } }),
  ];
  expect(refused.map((response) => [response.statusCode, response.json()])).toEqual(refused.map(() => [403, { detail: STAFF_REQUIRED_DETAIL }]));

  // Nothing was marked read meanwhile: given staff access again, both hand-overs are there, unread.
  expectStatus(await t.request({ method: 'PUT', url: `/api/v1/auth/users/${made.id}`, token: f.admin, body: { is_staff: true } }), 200);
  const back = expectStatus<{ unread: number; notifications: { text: string }[] }>(await bell(), 200);
  expect(back.unread).toBe(2);
  expect(back.notifications.map((n) => n.text).sort()).toEqual([expect.stringContaining('After Removal Ltd'), expect.stringContaining('Before Removal Ltd')]);
});

test('sign-in, the account itself and sign-out stay open to a user without the staff flag', async () => {
  const token = await t.login('no-staff@example.com', 'no-staff-password');
  expect(expectStatus<{ is_staff: boolean; is_admin: boolean }>(await t.request({ url: '/api/v1/auth/me', token }), 200)).toMatchObject({
    is_staff: false,
    is_admin: false,
  });
  expect((await t.request({ method: 'POST', url: '/api/v1/auth/logout', token })).statusCode).toBeLessThan(300);
  // The public contact form stays public.
  const contact = { firstName: 'Open', lastName: 'Form', email: 'open@example.com', message: 'Hello' };
  expect((await t.request({ method: 'POST', url: '/api/v1/support/contact', body: contact })).statusCode).toBe(200);
  // Without a token the staff areas still answer 401, not 403.
  expect((await t.request({ url: `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}` })).statusCode).toBe(401);
});
