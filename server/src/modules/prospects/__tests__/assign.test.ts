import { ASSIGN_TARGET_REQUIRED, assignResponseSchema, MAX_ASSIGN_IDS, type Prospect, type StatusOption } from '@app/shared/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { auditOf, ownerUser, type OwnerUser } from '../../../testing/owner-users';
import { prospectRequests } from '../../../testing/prospect-requests';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { OWNER_NOT_IN_TENANT_DETAIL, OWNER_NOT_VISIBLE_DETAIL } from '../../owners';

let t: TestApp;
let f: CrmFixture;
let p: ReturnType<typeof prospectRequests>;
/** Sees only their own prospects and unassigned ones. */
let olive: OwnerUser;
/** A colleague who sees all. */
let cole: OwnerUser;
let outsiderId: string;
let phone = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  p = prospectRequests(t, f);
  olive = await ownerUser(t, f, { email: 'olive@example.com', fullName: 'Olive Own', visibility: 'own' });
  cole = await ownerUser(t, f, { email: 'cole@example.com', fullName: 'Cole League' });
  outsiderId = expectStatus<{ _id: string }>(await t.request({ url: '/api/v1/auth/me', token: f.outsider }), 200)._id;
});
afterAll(() => t.close());

const tenant = () => f.demoTenantId;
const add = (name: string, token = f.admin) => p.create({ name, phone1: `+1 555 041 ${String(++phone).padStart(4, '0')}` }, tenant(), token);
const assign = (body: Record<string, unknown>, token = f.admin) =>
  t.request({ method: 'POST', url: '/api/v1/crm/prospects/assign', token, body: { tenant_id: tenant(), ...body } });
const assigned = async (body: Record<string, unknown>, token = f.admin) => assignResponseSchema.parse(expectStatus(await assign(body, token), 200)).updated;
const ownerOf = async (prospect: Prospect) => expectStatus<Prospect>(await p.get(prospect.id, f.admin), 200).owner_id;
const names = async (query: string, token = f.admin) => (await p.list(`limit=100&${query}`, tenant(), token)).prospects.map((row) => row.name).sort();

test('assigns the chosen prospects to a user of the tenant; the owner filter then lists them, and again changes nothing', async () => {
  const [a, b, c] = [await add('Pick Alpha'), await add('Pick Beta'), await add('Pick Gamma')];
  expect(await assigned({ owner_id: cole.id, ids: [a.id, b.id] })).toBe(2);
  expect(await names(`owner_id=${cole.id}&q=pick`)).toEqual(['Pick Alpha', 'Pick Beta']);
  expect(await ownerOf(c)).not.toBe(cole.id);
  // Already theirs: nothing changed, nothing counted.
  expect(await assigned({ owner_id: cole.id, ids: [a.id, b.id, c.id] })).toBe(1);
  expect(await assigned({ owner_id: cole.id, ids: [a.id] })).toBe(0);
});

test('null unassigns; the list shows them as unassigned', async () => {
  const [a, b] = [await add('Loose Alpha'), await add('Loose Beta')];
  expect(await assigned({ owner_id: null, ids: [a.id, b.id] })).toBe(2);
  expect(await names('owner_id=none&q=loose')).toEqual(['Loose Alpha', 'Loose Beta']);
});

test("every prospect of the list's filter: search, status and owner as the list reads them, and only listed ones", async () => {
  const batch = [await add('Filter Batch One'), await add('Filter Batch Two'), await add('Filter Batch Three')];
  const outside = await add('Filter Outside');
  // One of the batch leaves the list (made a lead): the list would not show it, so it is not assigned.
  const statuses = expectStatus<StatusOption[]>(await t.request({ url: `/api/v1/crm/status-options?tenant_id=${tenant()}`, token: f.admin }), 200);
  const converts = statuses.find((status) => status.converts_to_lead)!;
  expectStatus(
    await t.request({
      method: 'POST',
      url: '/api/v1/crm/prospects/change-status',
      token: f.admin,
      body: { prospect_id: batch[2]!.id, status_id: converts.id },
    }),
    200,
  );

  expect(await assigned({ owner_id: cole.id, filter: { q: 'filter batch' } })).toBe(2);
  expect(await names(`owner_id=${cole.id}&q=filter`)).toEqual(['Filter Batch One', 'Filter Batch Two']);
  expect(await ownerOf(outside)).not.toBe(cole.id);
  expect(await ownerOf(batch[2]!)).not.toBe(cole.id);

  // The owner filter narrows too: Cole's batch back to nobody, the rest of "filter" untouched.
  expect(await assigned({ owner_id: null, filter: { q: 'filter', owner_id: cole.id } })).toBe(2);
  expect(await names('owner_id=none&q=filter%20batch')).toEqual(['Filter Batch One', 'Filter Batch Two']);
  const newStatus = statuses.find((status) => !status.converts_to_lead && !status.removes_from_prospects)!;
  expect(await assigned({ owner_id: cole.id, filter: { q: 'filter', status_id: newStatus.id } })).toBe(
    await p.list(`q=filter&status_id=${newStatus.id}`, tenant(), f.admin).then((list) => list.pagination.total),
  );
});

test('the owner must be an active user of the tenant: another tenant’s, an unknown or a deactivated user is 400', async () => {
  const target = await add('Owner Check');
  const gone = await ownerUser(t, f, { email: 'gone@example.com', fullName: 'Gone User' });
  await t.db.update(users).set({ isActive: false }).where(eq(users.id, gone.id));
  for (const ownerId of [outsiderId, '00000000-0000-4000-8000-000000000000', gone.id]) {
    const response = await assign({ owner_id: ownerId, ids: [target.id] });
    expect([response.statusCode, response.json()]).toEqual([400, { detail: OWNER_NOT_IN_TENANT_DETAIL }]);
  }
  expect(await ownerOf(target)).not.toBe(outsiderId);
});

test("another tenant's prospects are not touched, nor is another tenant's list", async () => {
  const theirs = await p.create({ name: 'Their Prospect', phone1: '+1 555 041 9001' }, f.otherTenantId, f.outsider);
  const mine = await add('Mine Beside Theirs');
  expect(await assigned({ owner_id: cole.id, ids: [theirs.id, mine.id] }, f.staff)).toBe(1);
  expect(expectStatus<Prospect>(await p.get(theirs.id, f.outsider), 200).owner_id).toBe(outsiderId);
  // The outsider may not use the demo tenant at all.
  expect((await assign({ owner_id: outsiderId, ids: [mine.id] }, f.outsider)).statusCode).toBe(403);
});

test('a user who sees only their own prospects assigns only those (and unassigned ones), even by filter', async () => {
  const coles = await add('Seen Not By Olive');
  expect(await assigned({ owner_id: cole.id, ids: [coles.id] })).toBe(1);
  expect(await assigned({ owner_id: olive.id, ids: [coles.id] }, olive.token)).toBe(0);
  expect(await assigned({ owner_id: olive.id, filter: { q: 'seen not by olive' } }, olive.token)).toBe(0);
  expect(await ownerOf(coles)).toBe(cole.id);

  const loose = await add('Loose For Olive');
  expect(await assigned({ owner_id: null, ids: [loose.id] })).toBe(1);
  expect(await assigned({ owner_id: olive.id, filter: { q: 'for olive' } }, olive.token)).toBe(1);
  expect(await ownerOf(loose)).toBe(olive.id);
});

test('a user who sees only their own prospects may not hand one to a colleague they do not see, but may release it', async () => {
  const own = await add('Olive Hands Over', olive.token);
  expect(own.owner_id).toBe(olive.id);
  const refused = await t.request({
    method: 'POST',
    url: '/api/v1/crm/prospects/assign',
    token: olive.token,
    body: { tenant_id: tenant(), owner_id: cole.id, ids: [own.id] },
  });
  expect([refused.statusCode, refused.json()]).toEqual([403, { detail: OWNER_NOT_VISIBLE_DETAIL }]);
  expect(await ownerOf(own)).toBe(olive.id);
  expect(await assigned({ owner_id: null, ids: [own.id] }, olive.token)).toBe(1);
  expect(await ownerOf(own)).toBeNull();
});

test('each assignment is one audit event: who, how many, to whom, the ids or the filter, and the records that changed owner', async () => {
  const [a, b] = [await add('Audit Alpha'), await add('Audit Beta')];
  const before = (await auditOf(t, 'prospect.assigned')).length;
  expect(await assigned({ owner_id: cole.id, ids: [a.id, b.id] }, f.staff)).toBe(2);
  expect(await assigned({ owner_id: null, filter: { q: 'audit' } }, f.staff)).toBe(2);
  const events = (await auditOf(t, 'prospect.assigned')).slice(before);
  // The records by id and by name, in the same order.
  const records = [a, b].sort((x, y) => x.id.localeCompare(y.id));
  const named = { records: records.map((row) => row.id), record_names: records.map((row) => row.name) };
  expect(events.map((event) => [event.actorEmail, event.tenantId, event.targetId, event.targetName, event.details])).toEqual([
    ['staff@example.com', tenant(), cole.id, 'Cole League', { updated: 2, owner_id: cole.id, ids: [a.id, b.id], ...named }],
    ['staff@example.com', tenant(), 'none', 'Unassigned', { updated: 2, owner_id: null, filter: { q: 'audit' }, ...named }],
  ]);
});

test('bad input is a 400 with a detail, never a 500', async () => {
  const target = await add('Bad Input Target');
  const id = target.id;
  const ids = Array.from({ length: MAX_ASSIGN_IDS + 1 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
  const cases: Record<string, unknown>[] = [
    { owner_id: cole.id },
    { owner_id: cole.id, ids: [id], filter: {} },
    { ids: [id] },
    { owner_id: 5, ids: [id] },
    { owner_id: 'someone', ids: [id] },
    { owner_id: cole.id, ids: id },
    { owner_id: cole.id, ids: [1] },
    { owner_id: cole.id, ids: [] },
    { owner_id: cole.id, ids },
    { owner_id: cole.id, filter: { q: 'a\u0000b' } },
    { owner_id: cole.id, filter: { q: 'a\ud800b' } },
    { owner_id: cole.id, filter: { q: 'x'.repeat(1024 * 1024) } },
    { owner_id: cole.id, filter: { q: 5 } },
    { owner_id: cole.id, filter: { status_id: 'nope' } },
    { owner_id: cole.id, filter: { owner_id: 'someone' } },
    { owner_id: cole.id, filter: { invalid_phone: 'yes' } },
    { owner_id: cole.id, filter: { page: 2 } },
    { owner_id: cole.id, filter: [] },
    { owner_id: `${cole.id}\u0000`, ids: [id] },
  ];
  for (const body of cases) {
    const response = await assign(body);
    expect(response.statusCode >= 400 && response.statusCode < 500).toBe(true);
    expect(typeof response.json().detail).toBe('string');
  }
  expect((await assign({ owner_id: cole.id, ids })).json()).toEqual({
    detail: 'ids: must name at most 10,000 records; assign every row of a filter with filter',
  });
  expect((await assign({ owner_id: cole.id })).json()).toEqual({ detail: `ids: ${ASSIGN_TARGET_REQUIRED}` });
  expect((await assign({ tenant_id: 'nope', owner_id: cole.id, ids: [id] })).statusCode).toBe(400);
  expect(await ownerOf(target)).not.toBe(cole.id);
});
