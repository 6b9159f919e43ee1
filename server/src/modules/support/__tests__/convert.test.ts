import {
  activityListResponseSchema,
  MESSAGE_ALREADY_CONVERTED_DETAIL,
  messageDuplicatesResponseSchema,
  prospectSchema,
  supportMessageListSchema,
  type Prospect,
} from '@app/shared/contracts';
import { eq } from 'drizzle-orm';
import { supportMessages } from '../../../db/schema';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { contactMessages } from '../../../testing/contact-messages';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let f: CrmFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
});
afterAll(() => t.close());

const message = contactMessages(
  () => t,
  (n) => ({ firstName: 'Grace', lastName: `Hopper ${n}`, email: `grace${n}@navy.example`, message: 'We need a payroll system.' }),
);

const convert = (id: string, body: unknown, token = f.staff) => t.request({ method: 'POST', url: `/api/v1/support/messages/${id}/convert`, token, body });
const fields = (extra: Record<string, unknown> = {}) => ({ name: 'Navy Systems', phone1: '+1 555 010 0100', email: 'grace@navy.example', ...extra });
const duplicates = (id: string, query: string, token = f.staff) => t.request({ url: `/api/v1/support/messages/${id}/duplicates?${query}`, token });
const inboxIds = async () =>
  supportMessageListSchema.parse(expectStatus(await t.request({ url: '/api/v1/support/messages', token: f.staff }), 200)).messages.map((m) => m.id);
const link = async (id: string) => {
  const [row] = await t.db
    .select({ prospectId: supportMessages.prospectId, prospectTenantId: supportMessages.prospectTenantId, solvedAt: supportMessages.solvedAt })
    .from(supportMessages)
    .where(eq(supportMessages.id, id));
  return row;
};
async function createProspect(body: Record<string, unknown>, tenantId = f.demoTenantId): Promise<Prospect> {
  const response = await t.request({ method: 'POST', url: '/api/v1/crm/prospects', token: f.admin, body: { tenant_id: tenantId, ...body } });
  return prospectSchema.parse(expectStatus(response, 201));
}

test('converting makes a prospect with the fields sent, marks the message solved and linked, and the history tells where it came from', async () => {
  const id = await message({ company: 'Navy Systems', lastName: 'Hopper' });
  expect(await inboxIds()).toContain(id);

  const response = await convert(id, { tenant_id: f.demoTenantId, fields: fields({ phone1: ' +1 555 010 0101 ', description: 'We need a payroll system.' }) });
  const prospect = prospectSchema.parse(expectStatus(response, 201));
  expect(prospect).toMatchObject({ tenant_id: f.demoTenantId, name: 'Navy Systems', phone1: '+1 555 010 0101', description: 'We need a payroll system.' });

  expect(await inboxIds()).not.toContain(id);
  const row = await link(id);
  expect(row).toMatchObject({ prospectId: prospect.id, prospectTenantId: f.demoTenantId });
  expect(row.solvedAt).toBeInstanceOf(Date);

  const history = activityListResponseSchema.parse(
    expectStatus(await t.request({ url: `/api/v1/crm/prospects/${prospect.id}/activities`, token: f.staff }), 200),
  );
  expect(history.activities).toHaveLength(1);
  expect(history.activities[0]).toMatchObject({ kind: 'origin', user_name: expect.any(String) });
  expect(history.activities[0].summary).toMatch(
    /^Created from customer message "General enquiry" from Grace Hopper <grace\d+@navy\.example>, received \d{4}-\d\d-\d\d$/,
  );

  const listed = await t.request({ url: `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}&q=navy%20systems`, token: f.staff });
  expect(expectStatus<{ prospects: Prospect[] }>(listed, 200).prospects.map((p) => p.id)).toEqual([prospect.id]);
});

test('converting twice answers 409 and makes no second prospect', async () => {
  const id = await message();
  expectStatus(await convert(id, { tenant_id: f.demoTenantId, fields: fields({ name: 'Twice Co', phone1: '555 020 0200' }) }), 201);
  const again = await convert(id, { tenant_id: f.demoTenantId, fields: fields({ name: 'Twice Co again', phone1: '555 020 0201' }) });
  expect(again.statusCode).toBe(409);
  expect(again.json()).toEqual({ detail: MESSAGE_ALREADY_CONVERTED_DETAIL });
  const listed = expectStatus<{ prospects: Prospect[] }>(
    await t.request({ url: `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}&q=twice`, token: f.staff }),
    200,
  );
  expect(listed.prospects.map((p) => p.name)).toEqual(['Twice Co']);
});

test('the duplicate check names prospects of that tenant with the same number (E.164) or email, and only of that tenant', async () => {
  const phoneTwin = await createProspect({ name: 'Phone Twin', phone1: '(555) 030-0300', email: 'other@example.com' });
  const mailTwin = await createProspect({ name: 'Mail Twin', phone1: '555 030 0301', email: 'Dup@Example.com' });
  await createProspect({ name: 'Elsewhere', phone1: '555 030 0300', email: 'dup@example.com' }, f.otherTenantId);
  const id = await message({ email: 'dup@example.com' });

  const answer = messageDuplicatesResponseSchema.parse(
    expectStatus(await duplicates(id, `tenant_id=${f.demoTenantId}&phone1=%2B1%20555%20030%200300&email=dup@example.com`), 200),
  );
  expect(answer.duplicates.map((d) => [d.id, d.matches])).toEqual([
    [phoneTwin.id, 'phone'],
    [mailTwin.id, 'email'],
  ]);
  // Each named as typed and as E.164, so the dialog shows the number formatted.
  expect(answer.duplicates.map((d) => [d.phone1, d.phone1_e164])).toEqual([
    ['(555) 030-0300', '+15550300300'],
    ['555 030 0301', '+15550300301'],
  ]);
  const none = messageDuplicatesResponseSchema.parse(
    expectStatus(await duplicates(id, `tenant_id=${f.demoTenantId}&phone1=999&email=nobody@example.com`), 200),
  );
  expect(none.duplicates).toEqual([]);
  const empty = messageDuplicatesResponseSchema.parse(expectStatus(await duplicates(id, `tenant_id=${f.demoTenantId}`), 200));
  expect(empty.duplicates).toEqual([]);

  // The same phone is refused on convert (as for any new prospect) and the message stays open and unlinked.
  const refused = await convert(id, { tenant_id: f.demoTenantId, fields: fields({ phone1: '1-555-030-0300' }) });
  expect(refused.statusCode).toBe(409);
  expect(refused.json().detail).toBe('phone1: A prospect with this phone number already exists: Phone Twin.');
  expect(await link(id)).toMatchObject({ prospectId: null, solvedAt: null });
  // An email twin is only a warning: the prospect is created.
  expectStatus(
    await convert(id, { tenant_id: f.demoTenantId, fields: fields({ name: 'Mail Twin 2', phone1: '555 030 0302', email: 'dup@example.com' }) }),
    201,
  );
});

test('staff convert only into tenants they may use; unknown messages are 404', async () => {
  const id = await message();
  const intoOther = await convert(id, { tenant_id: f.otherTenantId, fields: fields({ phone1: '555 040 0400' }) });
  expect(intoOther.statusCode).toBe(403);
  expect((await duplicates(id, `tenant_id=${f.otherTenantId}&phone1=1`)).statusCode).toBe(403);
  const outsider = await convert(id, { tenant_id: f.demoTenantId, fields: fields({ phone1: '555 040 0401' }) }, f.outsider);
  expect(outsider.statusCode).toBe(403);
  expect(await link(id)).toMatchObject({ prospectId: null, solvedAt: null });

  // An admin may convert into any tenant.
  const prospect = prospectSchema.parse(
    expectStatus(await convert(id, { tenant_id: f.otherTenantId, fields: fields({ phone1: '555 040 0402' }) }, f.admin), 201),
  );
  expect(prospect.tenant_id).toBe(f.otherTenantId);
  expect(await link(id)).toMatchObject({ prospectId: prospect.id, prospectTenantId: f.otherTenantId });

  const unknown = await convert('00000000-0000-4000-8000-000000000000', { tenant_id: f.demoTenantId, fields: fields({ phone1: '555 040 0403' }) });
  expect(unknown.statusCode).toBe(404);
  expect(
    (await t.request({ method: 'POST', url: `/api/v1/support/messages/${id}/convert`, body: { tenant_id: f.demoTenantId, fields: fields() } })).statusCode,
  ).toBe(401);
});

test.each([
  ['a NUL byte', { tenant_id: 'T', fields: fields({ name: 'Bad\u0000Name' }) }],
  ['a lone surrogate', { tenant_id: 'T', fields: fields({ name: 'Bad\ud800' }) }],
  ['a megabyte name', { tenant_id: 'T', fields: fields({ name: 'x'.repeat(1_000_000) }) }],
  ['no phone', { tenant_id: 'T', fields: { name: 'No Phone' } }],
  ['a bad email', { tenant_id: 'T', fields: fields({ email: 'not-an-email' }) }],
  ['wrong types', { tenant_id: 'T', fields: { name: 42, phone1: ['1'] } }],
  ['no fields', { tenant_id: 'T' }],
  ['a bad tenant id', { tenant_id: 'nope', fields: fields() }],
])('%s is refused with a 4xx {detail} and changes nothing', async (_case, body) => {
  const id = await message();
  const response = await convert(id, JSON.parse(JSON.stringify(body).replace('"T"', JSON.stringify(f.demoTenantId))));
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  expect(typeof response.json().detail).toBe('string');
  expect(await link(id)).toMatchObject({ prospectId: null, solvedAt: null });
});

test('deleting the prospect keeps the message, without its link: it can be converted again, once', async () => {
  const id = await message();
  const prospect = prospectSchema.parse(expectStatus(await convert(id, { tenant_id: f.demoTenantId, fields: fields({ phone1: '555 050 0500' }) }), 201));
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/prospects/${prospect.id}`, token: f.staff }), 200);
  expect((await t.db.select({ id: supportMessages.id }).from(supportMessages).where(eq(supportMessages.id, id))).length).toBe(1);

  // The link named a prospect that is gone: it counts as none (there is no foreign key to clear it).
  const again = prospectSchema.parse(expectStatus(await convert(id, { tenant_id: f.demoTenantId, fields: fields({ phone1: '555 050 0501' }) }), 201));
  expect(await link(id)).toMatchObject({ prospectId: again.id, prospectTenantId: f.demoTenantId });
  const third = await convert(id, { tenant_id: f.demoTenantId, fields: fields({ phone1: '555 050 0502' }) });
  expect(third.statusCode).toBe(409);
  expect(third.json()).toEqual({ detail: MESSAGE_ALREADY_CONVERTED_DETAIL });
});

test('a message whose prospect was deleted joins an existing prospect, even one of another tenant', async () => {
  const id = await message();
  const first = prospectSchema.parse(expectStatus(await convert(id, { tenant_id: f.demoTenantId, fields: fields({ phone1: '555 050 0503' }) }), 201));
  expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/prospects/${first.id}`, token: f.staff }), 200);
  const holder = await createProspect({ name: 'Holder Systems', phone1: '555 050 0504' }, f.otherTenantId);

  const added = await t.request({ method: 'POST', url: `/api/v1/support/messages/${id}/add-to-prospect`, token: f.admin, body: { prospect_id: holder.id } });
  expectStatus(added, 200);
  expect(await link(id)).toMatchObject({ prospectId: holder.id, prospectTenantId: f.otherTenantId });
});
