import {
  auditEventPageSchema,
  supportMessageListSchema,
  tenantListSchema,
  tenantSchema,
  WEBSITE_ENQUIRIES_KEEP_DETAIL,
  type Tenant,
} from '@app/shared/contracts';
import { eq } from 'drizzle-orm';
import { supportMessages, users } from '../../../db/schema';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { contactMessages } from '../../../testing/contact-messages';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { userScope } from '../../../tenancy/scope';
import { WEBSITE_INBOX_FORBIDDEN_DETAIL } from '../inbox-access';

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

const message = contactMessages(
  () => t,
  (n) => ({ firstName: 'Visitor', lastName: `Number ${n}`, email: `visitor${n}@example.net`, message: 'Please call me back.' }),
);

const inbox = (token: string) => t.request({ url: '/api/v1/support/messages', token });
const inboxIds = async (token: string) => supportMessageListSchema.parse(expectStatus(await inbox(token), 200)).messages.map((m) => m.id);
const tenants = async (): Promise<Tenant[]> => tenantListSchema.parse(expectStatus(await t.request({ url: '/api/v1/crm/tenants', token: f.admin }), 200));
const mark = (tenantId: string, value: unknown) =>
  t.request({ method: 'PUT', url: `/api/v1/crm/tenants/${tenantId}`, token: f.admin, body: { receives_website_enquiries: value } });
const receiving = async () => (await tenants()).filter((tenant) => tenant.receives_website_enquiries).map((tenant) => tenant.id);

/** Every action on one message, as the given user. */
function actions(id: string, token: string) {
  return [
    inbox(token),
    t.request({ url: `/api/v1/support/messages/${id}/duplicates?tenant_id=${f.otherTenantId}&email=a@example.com`, token }),
    t.request({ method: 'PUT', url: `/api/v1/support/messages/${id}/solve`, token }),
    t.request({
      method: 'POST',
      url: `/api/v1/support/messages/${id}/convert`,
      token,
      body: { tenant_id: f.otherTenantId, fields: { name: 'Taken Co', phone1: '+1 555 010 0700' } },
    }),
    t.request({ method: 'POST', url: `/api/v1/support/messages/${id}/add-to-prospect`, token, body: { prospect_id: '00000000-0000-4000-8000-000000000000' } }),
    t.request({ method: 'DELETE', url: `/api/v1/support/messages/${id}`, token }),
  ];
}

test("staff of a tenant that does not receive website enquiries neither read nor touch the website's messages", async () => {
  const id = await message();
  for (const response of await Promise.all(actions(id, f.outsider))) {
    expect({ url: response.raw.req.url, status: response.statusCode, body: response.json() }).toEqual({
      url: response.raw.req.url,
      status: 403,
      body: { detail: WEBSITE_INBOX_FORBIDDEN_DETAIL },
    });
  }
  // Nothing changed: the receiving tenant's staff still have the message, unsolved and unconverted.
  expect(await inboxIds(f.staff)).toContain(id);
  expect(await inboxIds(f.admin)).toContain(id);
});

test('the database itself shows the messages only to users of the receiving tenant', async () => {
  const id = await message();
  const [outsider] = await t.db.select().from(users).where(eq(users.email, 'outsider@example.com'));
  // The user's own handle, its statements unfiltered: only the database's wall stands between them and the rows.
  const asUser = (tenantId: string) => t.scoped.as(userScope({ id: outsider.id, isAdmin: false, tenantId, visibility: 'all', teamMemberIds: [] }));
  const read = (tenantId: string) => asUser(tenantId).select({ id: supportMessages.id }).from(supportMessages).where(eq(supportMessages.id, id));
  expect(await read(f.otherTenantId)).toEqual([]);
  expect(await asUser(f.otherTenantId).delete(supportMessages).where(eq(supportMessages.id, id)).returning()).toEqual([]);
  expect(await read(f.demoTenantId)).toEqual([{ id }]);
});

test('the first tenant receives website enquiries until an admin marks another; marking one unmarks the previous', async () => {
  expect(await receiving()).toEqual([f.demoTenantId]);
  const id = await message();

  const moved = tenantSchema.parse(expectStatus(await mark(f.otherTenantId, true), 200));
  expect(moved.receives_website_enquiries).toBe(true);
  expect(await receiving()).toEqual([f.otherTenantId]);
  // The inbox, its waiting messages included, went with the mark.
  expect(await inboxIds(f.outsider)).toContain(id);
  expect((await inbox(f.staff)).statusCode).toBe(403);

  // The mark is moved, never cleared: one tenant always receives them.
  const cleared = await mark(f.otherTenantId, false);
  expect(cleared.statusCode).toBe(400);
  expect(cleared.json()).toEqual({ detail: WEBSITE_ENQUIRIES_KEEP_DETAIL });
  expect(await receiving()).toEqual([f.otherTenantId]);
  // Unticking a tenant that has no mark changes nothing.
  expectStatus(await mark(f.demoTenantId, false), 200);
  expect(await receiving()).toEqual([f.otherTenantId]);

  for (const bad of ['yes', 1, null, 'true\u0000']) {
    const response = await mark(f.demoTenantId, bad);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^receives_website_enquiries: /);
  }

  // Only admins mark: the marked tenant's own staff cannot take or give it away.
  const outsiderTry = await t.request({
    method: 'PUT',
    url: `/api/v1/crm/tenants/${f.demoTenantId}`,
    token: f.outsider,
    body: { receives_website_enquiries: true },
  });
  expect(outsiderTry.statusCode).toBe(403);

  // A new tenant created as the receiving one takes the mark too.
  const created = await t.request({
    method: 'POST',
    url: '/api/v1/crm/tenants',
    token: f.admin,
    body: { name: 'Web Desk', domain: 'web-desk.example.com', receives_website_enquiries: true },
  });
  const desk = tenantSchema.parse(expectStatus(created, 201));
  expect(await receiving()).toEqual([desk.id]);
  expect((await inbox(f.outsider)).statusCode).toBe(403);

  expectStatus(await mark(f.demoTenantId, true), 200);
  expect(await receiving()).toEqual([f.demoTenantId]);
  expect(await inboxIds(f.staff)).toContain(id);
});

test('every action on a message is in the audit log under the receiving tenant, naming the message', async () => {
  const solved = await message();
  const deleted = await message();
  expectStatus(await t.request({ method: 'PUT', url: `/api/v1/support/messages/${solved}/solve`, token: f.staff }), 200);
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/support/messages/${deleted}`, token: f.staff }), 200);
  const events = auditEventPageSchema.parse(
    expectStatus(await t.request({ url: `/api/v1/audit-events?tenant_id=${f.demoTenantId}&q=visitor`, token: f.admin }), 200),
  ).events;
  expect(events.find((e) => e.action === 'message.solved' && e.target_id === solved)).toMatchObject({
    target_type: 'message',
    target_name: 'General enquiry',
    actor_email: 'staff@example.com',
    details: { from: expect.stringMatching(/^visitor\d+@example\.net$/) },
  });
  expect(events.find((e) => e.action === 'message.deleted' && e.target_id === deleted)).toMatchObject({ target_type: 'message', tenant_id: f.demoTenantId });
});
