import { assignResponseSchema, leadListResponseSchema, leadSchema, ownerOptionListSchema, type Lead } from '@app/shared/contracts';
import { createCrmFixture, demoStagesByName, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { auditOf, ownerUser, type OwnerUser } from '../../../testing/owner-users';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let f: CrmFixture;
let olive: OwnerUser;
let cole: OwnerUser;
let phone = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  olive = await ownerUser(t, f, { email: 'olive@example.com', fullName: 'Olive Own', visibility: 'own' });
  cole = await ownerUser(t, f, { email: 'cole@example.com', fullName: 'Cole League' });
});
afterAll(() => t.close());

const tenant = () => f.demoTenantId;
async function add(name: string, token = f.admin, extra: Record<string, unknown> = {}): Promise<Lead> {
  const body = { tenant_id: tenant(), name, phone1: `+1 555 042 ${String(++phone).padStart(4, '0')}`, ...extra };
  return leadSchema.parse(expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/leads', token, body }), 201));
}
const assign = (body: Record<string, unknown>, token = f.admin) =>
  t.request({ method: 'POST', url: '/api/v1/crm/leads/assign', token, body: { tenant_id: tenant(), ...body } });
const assigned = async (body: Record<string, unknown>, token = f.admin) => assignResponseSchema.parse(expectStatus(await assign(body, token), 200)).updated;
const ownerOf = async (lead: Lead) => expectStatus<Lead>(await t.request({ url: `/api/v1/crm/leads/${lead.id}`, token: f.admin }), 200).owner_id;
const names = async (query: string, token = f.admin) =>
  leadListResponseSchema
    .parse(expectStatus(await t.request({ url: `/api/v1/crm/leads?tenant_id=${tenant()}&limit=100&${query}`, token }), 200))
    .leads.map((row) => row.name)
    .sort();

test('the owners to pick from are the tenant’s active users, by name; another tenant’s staff may not list them', async () => {
  const list = ownerOptionListSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/owners?tenant_id=${tenant()}`, token: cole.token }), 200));
  expect(list.owners.map((owner) => owner.full_name)).toEqual(['Cole League', 'Demo Admin', 'Demo Staff', 'Olive Own']);
  // Olive sees only her own records: she may filter by no one else.
  const hers = ownerOptionListSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/owners?tenant_id=${tenant()}`, token: olive.token }), 200));
  expect(hers.owners.map((owner) => owner.full_name)).toEqual(['Olive Own']);
  expect(list.owners.some((owner) => owner.email === 'outsider@example.com')).toBe(false);
  expect((await t.request({ url: `/api/v1/crm/owners?tenant_id=${tenant()}`, token: f.outsider })).statusCode).toBe(403);
});

test('assigns leads by ids and by the list’s filter (stage and owner), and unassigns', async () => {
  const stages = await demoStagesByName(t, f);
  const [a, b] = [await add('Lead Pick One'), await add('Lead Pick Two')];
  expect(await assigned({ owner_id: cole.id, ids: [a.id, b.id] })).toBe(2);
  expect(await names(`owner_id=${cole.id}&q=lead%20pick`)).toEqual(['Lead Pick One', 'Lead Pick Two']);

  const won = await add('Lead Stage Won', f.admin, { pipeline_stage_id: stages.Won!.id });
  await add('Lead Stage New', f.admin, { pipeline_stage_id: stages.New!.id });
  expect(await assigned({ owner_id: cole.id, filter: { q: 'lead stage', pipeline_stage_id: stages.Won!.id } })).toBe(1);
  expect(await names(`owner_id=${cole.id}&q=lead%20stage`)).toEqual(['Lead Stage Won']);
  expect(await ownerOf(won)).toBe(cole.id);

  expect(await assigned({ owner_id: null, filter: { owner_id: cole.id } })).toBe(3);
  expect(await names(`owner_id=${cole.id}`)).toEqual([]);
  // The leads list has no invalid-phone filter, so neither has its Assign to.
  expect((await assign({ owner_id: null, filter: { invalid_phone: true } })).statusCode).toBe(400);
});

test('an own-visibility user assigns only leads they see, and only to themselves or no one', async () => {
  const coles = await add('Lead Of Cole', cole.token);
  expect(await assigned({ owner_id: olive.id, ids: [coles.id] }, olive.token)).toBe(0);
  expect(await assigned({ owner_id: olive.id, filter: { q: 'lead of cole' } }, olive.token)).toBe(0);
  expect(await ownerOf(coles)).toBe(cole.id);

  const hers = await add('Lead Of Olive', olive.token);
  const refused = await t.request({
    method: 'POST',
    url: '/api/v1/crm/leads/assign',
    token: olive.token,
    body: { tenant_id: f.demoTenantId, owner_id: cole.id, ids: [hers.id] },
  });
  expect(refused.statusCode).toBe(403);
  expect(await ownerOf(hers)).toBe(olive.id);
  expect(await assigned({ owner_id: null, ids: [hers.id] }, olive.token)).toBe(1);
  expect(await ownerOf(hers)).toBeNull();
});

test('a lead assignment is audited with its count, owner, ids and the records that changed owner', async () => {
  const lead = await add('Lead Audited');
  expect(await assigned({ owner_id: cole.id, ids: [lead.id] }, f.staff)).toBe(1);
  const [event] = (await auditOf(t, 'lead.assigned')).slice(-1);
  expect([event?.actorEmail, event?.targetName, event?.details]).toEqual([
    'staff@example.com',
    'Cole League',
    { updated: 1, owner_id: cole.id, ids: [lead.id], records: [lead.id], record_names: ['Lead Audited'] },
  ]);
});
