import { BULK_ASSIGN_NEEDS_VISIBILITY, type OwnerOptionList, type Prospect } from '@app/shared/contracts';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { OWNER_NOT_VISIBLE_DETAIL } from '../service';
import { auditOf, ownerUser, teamOf, type OwnerUser } from '../../../testing/owner-users';
import { prospectRequests } from '../../../testing/prospect-requests';
import { createTestApp, type TestApp } from '../../../testing/test-app';

/** What a user who sees only their own records may pick and hand over, against a team and an all user. */
let t: TestApp;
let f: CrmFixture;
let p: ReturnType<typeof prospectRequests>;
let olive: OwnerUser;
let tess: OwnerUser;
let tom: OwnerUser;
let cole: OwnerUser;
let phone = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  p = prospectRequests(t, f);
  olive = await ownerUser(t, f, { email: 'olive@example.com', fullName: 'Olive Own', visibility: 'own' });
  cole = await ownerUser(t, f, { email: 'cole@example.com', fullName: 'Cole All' });
  tom = await ownerUser(t, f, { email: 'tom@example.com', fullName: 'Tom Mate' });
  tess = await ownerUser(t, f, { email: 'tess@example.com', fullName: 'Tess Team', visibility: 'team' });
  await teamOf(t, f.demoTenantId, 'Red', [tess.id, tom.id]);
  // Signed in again: a session keeps the team it was read with.
  tess = { ...tess, token: await t.login('tess@example.com', 'owner-user-password') };
});
afterAll(() => t.close());

const add = (name: string, token = f.admin) => p.create({ name, phone1: `+1 555 042 ${String(++phone).padStart(4, '0')}` }, f.demoTenantId, token);
const assign = (body: Record<string, unknown>, token: string, noun = 'prospects') =>
  t.request({ method: 'POST', url: `/api/v1/crm/${noun}/assign`, token, body: { tenant_id: f.demoTenantId, ...body } });
const ownerOf = async (prospect: Prospect) => expectStatus<Prospect>(await p.get(prospect.id, f.admin), 200).owner_id;
const ownerNames = async (token: string) =>
  expectStatus<OwnerOptionList>(await t.request({ url: `/api/v1/crm/owners?tenant_id=${f.demoTenantId}`, token }), 200)
    .owners.map((owner) => owner.full_name)
    .sort();

test('the owners an Own user may filter by are themselves alone; a Team user gets their team; All users and admins everyone', async () => {
  expect(await ownerNames(olive.token)).toEqual(['Olive Own']);
  expect(await ownerNames(tess.token)).toEqual(['Tess Team', 'Tom Mate']);
  const everyone = await ownerNames(cole.token);
  expect(everyone).toEqual(expect.arrayContaining(['Cole All', 'Olive Own', 'Tess Team', 'Tom Mate']));
  expect(await ownerNames(f.admin)).toEqual(everyone);
});

test('an Own user hands over one record at a time: two ids, or a filter over two, is 403 with nothing changed', async () => {
  const [a, b] = [await add('Loose One Ltd'), await add('Loose Two Ltd')];
  expectStatus(await assign({ owner_id: null, ids: [a.id, b.id] }, f.admin), 200);

  for (const body of [{ ids: [a.id, b.id] }, { filter: { q: 'Loose' } }]) {
    const response = await assign({ owner_id: olive.id, ...body }, olive.token);
    expect([response.statusCode, response.json()]).toEqual([403, { detail: BULK_ASSIGN_NEEDS_VISIBILITY }]);
  }
  const leadsTry = await assign({ owner_id: olive.id, ids: [a.id, b.id] }, olive.token, 'leads');
  expect(leadsTry.statusCode).toBe(403);
  expect([await ownerOf(a), await ownerOf(b)]).toEqual([null, null]);

  // One at a time is still hers to do.
  expect(expectStatus<{ updated: number }>(await assign({ owner_id: olive.id, ids: [a.id] }, olive.token), 200).updated).toBe(1);
  expect(expectStatus<{ updated: number }>(await assign({ owner_id: olive.id, filter: { q: 'Loose Two' } }, olive.token), 200).updated).toBe(1);
  expect([await ownerOf(a), await ownerOf(b)]).toEqual([olive.id, olive.id]);
});

test('Team and All users and admins assign in bulk; the audit entry names every record that changed owner', async () => {
  const rows = [await add('Bulk Team One'), await add('Bulk Team Two'), await add('Bulk Team Three')];
  expectStatus(await assign({ owner_id: null, filter: { q: 'Bulk Team' } }, f.admin), 200);
  expect(expectStatus<{ updated: number }>(await assign({ owner_id: tom.id, filter: { q: 'Bulk Team' } }, tess.token), 200).updated).toBe(3);
  const entry = (await auditOf(t, 'prospect.assigned')).at(-1)!;
  expect(entry.actorEmail).toBe('tess@example.com');
  expect((entry.details as { records: string[] }).records.sort()).toEqual(rows.map((row) => row.id).sort());
  expect(expectStatus<{ updated: number }>(await assign({ owner_id: cole.id, ids: rows.map((row) => row.id) }, cole.token), 200).updated).toBe(3);
  expect(expectStatus<{ updated: number }>(await assign({ owner_id: null, ids: rows.map((row) => row.id) }, f.admin), 200).updated).toBe(3);
});

test('records go only to owners the assigner sees: an Own user to herself or no one, a Team user within the team (403 otherwise, nothing changed)', async () => {
  const row = await add('Handover Ltd');
  expectStatus(await assign({ owner_id: null, ids: [row.id] }, f.admin), 200);
  const ownTry = await assign({ owner_id: cole.id, ids: [row.id] }, olive.token);
  expect([ownTry.statusCode, ownTry.json()]).toEqual([403, { detail: OWNER_NOT_VISIBLE_DETAIL }]);
  const teamTry = await assign({ owner_id: olive.id, ids: [row.id] }, tess.token);
  expect([teamTry.statusCode, teamTry.json()]).toEqual([403, { detail: OWNER_NOT_VISIBLE_DETAIL }]);
  expect(await ownerOf(row)).toBeNull();
  expect(expectStatus<{ updated: number }>(await assign({ owner_id: tom.id, ids: [row.id] }, tess.token), 200).updated).toBe(1);
  expect(expectStatus<{ updated: number }>(await assign({ owner_id: olive.id, ids: [row.id] }, cole.token), 200).updated).toBe(1);
});
