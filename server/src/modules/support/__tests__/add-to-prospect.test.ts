import { activityListResponseSchema, MESSAGE_ALREADY_CONVERTED_DETAIL, prospectSchema, supportMessageListSchema, type Prospect } from '@app/shared/contracts';
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
  (n) => ({ firstName: 'Ada', lastName: `Lovelace ${n}`, email: `ada${n}@engines.example`, message: `Please call us back (${n}).` }),
);

let phones = 0;
async function createProspect(name: string, tenantId = f.demoTenantId): Promise<Prospect> {
  phones += 1;
  const body = { tenant_id: tenantId, name, phone1: `+44 20 7946 ${String(phones).padStart(4, '0')}` };
  return prospectSchema.parse(expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/prospects', token: f.admin, body }), 201));
}

const addTo = (id: string, body: unknown, token = f.staff) => t.request({ method: 'POST', url: `/api/v1/support/messages/${id}/add-to-prospect`, token, body });
const convert = (id: string, body: unknown, token = f.staff) => t.request({ method: 'POST', url: `/api/v1/support/messages/${id}/convert`, token, body });
const inboxIds = async () =>
  supportMessageListSchema.parse(expectStatus(await t.request({ url: '/api/v1/support/messages', token: f.staff }), 200)).messages.map((m) => m.id);
const link = async (id: string) => {
  const [row] = await t.db
    .select({ prospectId: supportMessages.prospectId, prospectTenantId: supportMessages.prospectTenantId, solvedAt: supportMessages.solvedAt })
    .from(supportMessages)
    .where(eq(supportMessages.id, id));
  return row;
};
const history = async (prospectId: string, token = f.staff) =>
  activityListResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/prospects/${prospectId}/activities`, token }), 200)).activities;

test('a message whose phone a prospect holds joins that prospect: an entry of its history, solved and linked', async () => {
  const holder = await createProspect('Analytical Engines');
  const id = await message({ company: 'Analytical Engines', lastName: 'Lovelace' });
  // Converting with the phone the prospect holds is refused, as for any new prospect.
  const refused = await convert(id, { tenant_id: f.demoTenantId, fields: { name: 'Analytical Engines', phone1: holder.phone1 } });
  expect(refused.statusCode).toBe(409);

  const response = await addTo(id, { prospect_id: holder.id });
  expect(prospectSchema.parse(expectStatus(response, 200))).toMatchObject({ id: holder.id, name: 'Analytical Engines', phone1: holder.phone1 });
  expect(await inboxIds()).not.toContain(id);
  const row = await link(id);
  expect(row).toMatchObject({ prospectId: holder.id, prospectTenantId: f.demoTenantId });
  expect(row.solvedAt).toBeInstanceOf(Date);

  const entries = await history(holder.id);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ kind: 'message', notes: expect.stringMatching(/^Please call us back \(\d+\)\.$/), user_name: expect.any(String) });
  expect(entries[0].summary).toMatch(/^Added customer message "General enquiry" from Ada Lovelace <ada\d+@engines\.example>, received \d{4}-\d\d-\d\d$/);
  // No second prospect was made.
  const listed = await t.request({ url: `/api/v1/crm/prospects?tenant_id=${f.demoTenantId}&q=analytical`, token: f.staff });
  expect(expectStatus<{ prospects: Prospect[] }>(listed, 200).prospects.map((p) => p.id)).toEqual([holder.id]);
});

test('a message converted or added already answers 409 and changes nothing', async () => {
  const first = await createProspect('First Holder');
  const second = await createProspect('Second Holder');
  const id = await message();
  expectStatus(await addTo(id, { prospect_id: first.id }), 200);
  const again = await addTo(id, { prospect_id: second.id });
  expect(again.statusCode).toBe(409);
  expect(again.json()).toEqual({ detail: MESSAGE_ALREADY_CONVERTED_DETAIL });
  expect(await history(second.id)).toEqual([]);
  expect(await link(id)).toMatchObject({ prospectId: first.id });
  // Nor may it then be converted.
  const converted = await convert(id, { tenant_id: f.demoTenantId, fields: { name: 'Third Co', phone1: '+44 20 7946 9999' } });
  expect(converted.statusCode).toBe(409);

  const convertedFirst = await message();
  expectStatus(await convert(convertedFirst, { tenant_id: f.demoTenantId, fields: { name: 'Made From It', phone1: '+44 20 7946 9998' } }), 201);
  expect((await addTo(convertedFirst, { prospect_id: first.id })).statusCode).toBe(409);
});

test("another tenant's prospect, or a message linked into another tenant, is 404 to staff; an admin may add into any tenant", async () => {
  const elsewhere = await createProspect('Elsewhere Ltd', f.otherTenantId);
  const id = await message();
  const other = await addTo(id, { prospect_id: elsewhere.id });
  expect(other.statusCode).toBe(404);
  expect(other.json()).toEqual({ detail: 'Prospect not found.' });
  expect((await addTo(id, { prospect_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  expect((await addTo('00000000-0000-4000-8000-000000000000', { prospect_id: elsewhere.id }, f.admin)).json()).toEqual({ detail: 'Message not found.' });
  expect(await link(id)).toMatchObject({ prospectId: null, solvedAt: null });
  expect(await history(elsewhere.id, f.admin)).toEqual([]);

  expectStatus(await addTo(id, { prospect_id: elsewhere.id }, f.admin), 200);
  expect(await link(id)).toMatchObject({ prospectId: elsewhere.id, prospectTenantId: f.otherTenantId });
  const mine = await createProspect('Mine Ltd');
  const linkedElsewhere = await addTo(id, { prospect_id: mine.id });
  expect(linkedElsewhere.statusCode).toBe(404);
  expect(linkedElsewhere.json()).toEqual({ detail: 'Message not found.' });
  // The other tenant does not receive the website's enquiries: its staff are refused the inbox.
  const outsiderMine = await createProspect('Outsider Own', f.otherTenantId);
  expect((await addTo(id, { prospect_id: outsiderMine.id }, f.outsider)).statusCode).toBe(403);
  // Signed out: 401.
  expect((await t.request({ method: 'POST', url: `/api/v1/support/messages/${id}/add-to-prospect`, body: { prospect_id: mine.id } })).statusCode).toBe(401);
});

test.each([
  ['a bad prospect id', { prospect_id: 'not-an-id' }],
  ['a NUL byte', { prospect_id: 'abc\u0000' }],
  ['a lone surrogate', { prospect_id: '\ud800' }],
  ['a megabyte id', { prospect_id: 'x'.repeat(1_000_000) }],
  ['a number', { prospect_id: 42 }],
  ['an array', { prospect_id: ['P'] }],
  ['no prospect', {}],
  ['no body', undefined],
])('%s is refused with a 4xx {detail} and changes nothing', async (_case, body) => {
  const id = await message();
  const holder = await createProspect(`Bad Input ${id}`);
  const response = await addTo(id, body === undefined ? undefined : JSON.parse(JSON.stringify(body).replace('"P"', JSON.stringify(holder.id))));
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  expect(typeof response.json().detail).toBe('string');
  expect(await link(id)).toMatchObject({ prospectId: null, solvedAt: null });
});

test('a bad message id in the path is 400', async () => {
  const holder = await createProspect('Path Check');
  const response = await addTo('not-an-id', { prospect_id: holder.id });
  expect(response.statusCode).toBe(400);
  expect(typeof response.json().detail).toBe('string');
});
