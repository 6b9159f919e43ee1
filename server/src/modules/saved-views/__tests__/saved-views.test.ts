import {
  SAVED_VIEW_NAME_REQUIRED,
  SAVED_VIEW_NAME_TAKEN,
  SAVED_VIEW_NOT_FOUND,
  SAVED_VIEW_NOT_YOURS,
  savedViewListSchema,
  savedViewSchema,
  type SavedView,
} from '@app/shared/contracts';
import { teamMembers, teams } from '../../../db/schema';
import { createCrmFixture, expectStatus, type CrmFixture } from '../../../testing/crm-fixture';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let f: CrmFixture;
/** Alice and Bob are one team, Carol another; Dave is in none. All work in the demo tenant. */
const token: Record<'alice' | 'bob' | 'carol' | 'dave', string> = { alice: '', bob: '', carol: '', dave: '' };

async function addUser(name: keyof typeof token): Promise<string> {
  const email = `${name}@views.example.com`;
  const created = await t.request({
    method: 'POST',
    url: '/api/v1/auth/users',
    token: f.admin,
    body: { email, full_name: name[0].toUpperCase() + name.slice(1), password: `${name}-password-123`, tenant_id: f.demoTenantId, is_staff: true },
  });
  return expectStatus<{ id: string }>(created, 201).id;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  const ids = { alice: await addUser('alice'), bob: await addUser('bob'), carol: await addUser('carol'), dave: await addUser('dave') };
  const [north, south] = await t.db
    .insert(teams)
    .values([
      { tenantId: f.demoTenantId, name: 'North' },
      { tenantId: f.demoTenantId, name: 'South' },
    ])
    .returning();
  await t.db.insert(teamMembers).values([
    { tenantId: f.demoTenantId, teamId: north.id, userId: ids.alice },
    { tenantId: f.demoTenantId, teamId: north.id, userId: ids.bob },
    { tenantId: f.demoTenantId, teamId: south.id, userId: ids.carol },
  ]);
  for (const name of Object.keys(token) as Array<keyof typeof token>) token[name] = await t.login(`${name}@views.example.com`, `${name}-password-123`);
});
afterAll(() => t.close());

const views = '/api/v1/crm/views';

async function save(who: string, extra: Record<string, unknown> = {}): Promise<SavedView> {
  const body = { tenant_id: f.demoTenantId, name: 'Hot ones', target: 'prospects', query: { q: 'acme' }, shared: false, ...extra };
  return savedViewSchema.parse(expectStatus(await t.request({ method: 'POST', url: views, token: who, body }), 201));
}
async function names(who: string, target?: string): Promise<string[]> {
  const url = `${views}?tenant_id=${f.demoTenantId}${target ? `&target=${target}` : ''}`;
  return savedViewListSchema.parse(expectStatus(await t.request({ url, token: who }), 200)).map((view) => view.name);
}
const remove = (who: string, id: string) => t.request({ method: 'DELETE', url: `${views}/${id}`, token: who });

test('a user lists their own views and those shared by their team, never a private one or another team’s', async () => {
  const mine = await save(token.alice, { name: 'Alice private', query: { q: 'acme', status_id: '7e0a3b5e-1d6c-4a52-9f3e-2b8f1c4d5e6a' } });
  expect(mine).toMatchObject({ tenant_id: f.demoTenantId, name: 'Alice private', target: 'prospects', shared: false, user_name: 'Alice' });
  expect(mine.query).toEqual({ q: 'acme', status_id: '7e0a3b5e-1d6c-4a52-9f3e-2b8f1c4d5e6a' });
  await save(token.alice, { name: 'Alice shared', shared: true });
  await save(token.carol, { name: 'Carol shared', shared: true });
  await save(token.dave, { name: 'Dave shared', shared: true });

  expect(await names(token.alice)).toEqual(['Alice private', 'Alice shared']);
  expect(await names(token.bob)).toEqual(['Alice shared']);
  expect(await names(token.carol)).toEqual(['Carol shared']);
  // Without a team, a user's views are theirs alone, and nobody's shared ones reach them.
  expect(await names(token.dave)).toEqual(['Dave shared']);
  expect(await names(f.staff)).toEqual([]);
  // An admin sees every shared view of the tenant, but not someone's private one.
  expect(await names(f.admin)).toEqual(['Alice shared', 'Carol shared', 'Dave shared']);

  const seenByBob = savedViewListSchema.parse(expectStatus(await t.request({ url: `${views}?tenant_id=${f.demoTenantId}`, token: token.bob }), 200));
  expect(seenByBob[0]).toMatchObject({ user_name: 'Alice', shared: true });
});

test('the target narrows the list; a name is unique per user and target whatever its case', async () => {
  await save(token.bob, { name: 'Big deals', target: 'leads', query: { sort: 'value_desc' } });
  await save(token.bob, { name: 'Big deals', target: 'board', query: { view: 'board' } });
  // Someone else may use the same name.
  await save(token.alice, { name: 'big deals', target: 'leads' });
  const again = await t.request({
    method: 'POST',
    url: views,
    token: token.bob,
    body: { tenant_id: f.demoTenantId, name: '  BIG DEALS ', target: 'leads', query: {}, shared: false },
  });
  expect(again.statusCode).toBe(409);
  expect(again.json()).toEqual({ detail: SAVED_VIEW_NAME_TAKEN });
  expect(await names(token.bob, 'leads')).toEqual(['Big deals']);
  expect(await names(token.bob, 'board')).toEqual(['Big deals']);
  expect(await names(token.bob, 'prospects')).toEqual(['Alice shared']);
});

test('only the saver or an admin deletes a view; one the caller is not offered is not found', async () => {
  const shared = await save(token.alice, { name: 'To delete shared', shared: true });
  const hidden = await save(token.alice, { name: 'To delete private' });

  // Bob is offered the shared one but it is not his; Carol (another team) and the other tenant are not offered it.
  expect(await remove(token.bob, shared.id).then((r) => [r.statusCode, r.json()])).toEqual([403, { detail: SAVED_VIEW_NOT_YOURS }]);
  expect(await remove(token.carol, shared.id).then((r) => [r.statusCode, r.json()])).toEqual([404, { detail: SAVED_VIEW_NOT_FOUND }]);
  expect(await remove(token.bob, hidden.id).then((r) => [r.statusCode, r.json()])).toEqual([404, { detail: SAVED_VIEW_NOT_FOUND }]);
  expect(await remove(f.outsider, shared.id).then((r) => [r.statusCode, r.json()])).toEqual([404, { detail: SAVED_VIEW_NOT_FOUND }]);
  expect(await names(token.bob)).toContain('To delete shared');

  expect((await remove(token.alice, shared.id)).statusCode).toBe(200);
  expect(await names(token.bob)).not.toContain('To delete shared');
  expect((await remove(token.alice, shared.id)).statusCode).toBe(404);
  // An admin may clear anyone's view.
  expect((await remove(f.admin, hidden.id)).statusCode).toBe(200);
  expect(await names(token.alice)).not.toContain('To delete private');
});

test("another tenant's user can neither list, save into nor see the demo tenant's views", async () => {
  const list = await t.request({ url: `${views}?tenant_id=${f.demoTenantId}`, token: f.outsider });
  expect(list.statusCode).toBe(403);
  const create = await t.request({
    method: 'POST',
    url: views,
    token: f.outsider,
    body: { tenant_id: f.demoTenantId, name: 'Sneaky', target: 'prospects', query: {}, shared: true },
  });
  expect(create.statusCode).toBe(403);
  // Their own tenant's list holds nothing of the demo tenant, and a view they save there stays there.
  const theirs = await save(f.outsider, { tenant_id: f.otherTenantId, name: 'Ours', shared: true });
  expect(savedViewListSchema.parse(expectStatus(await t.request({ url: `${views}?tenant_id=${f.otherTenantId}`, token: f.outsider }), 200))).toEqual([theirs]);
  expect(await names(f.admin)).not.toContain('Ours');
  expect((await remove(token.alice, theirs.id)).statusCode).toBe(404);
});

test.each([
  ['a blank name', { name: '   ' }, SAVED_VIEW_NAME_REQUIRED],
  ['a name of another type', { name: 42 }, SAVED_VIEW_NAME_REQUIRED],
  ['a NUL in the name', { name: 'a\u0000b' }, 'name'],
  ['a lone surrogate in a value', { query: { q: 'x\ud800' } }, 'query'],
  ['a name of 101 characters', { name: 'n'.repeat(101) }, 'name: must be at most 100 characters'],
  ['a megabyte name', { name: 'n'.repeat(1024 * 1024) }, ''],
  ['a value over 500 characters', { query: { q: 'q'.repeat(501) } }, 'query: a value may be at most 500 characters'],
  ['a value that is not text', { query: { page: 2 } }, 'query: every value must be text'],
  ['a query that is a list', { query: ['q'] }, 'query'],
  ['an unknown parameter', { query: { tenant: 'x' } }, 'query: parameters may only be'],
  ['too many parameters', { query: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }, 'query: at most 20 parameters'],
  ['an unknown target', { target: 'calls' }, 'target: must be one of prospects, leads, board'],
  ['shared as text', { shared: 'yes' }, 'shared: must be true or false'],
  ['a tenant id that is not one', { tenant_id: 'nope' }, 'tenant_id'],
])('%s is refused with a detail, never a 500', async (_case, extra: Record<string, unknown>, detail) => {
  const payload = { tenant_id: f.demoTenantId, name: 'Bad', target: 'prospects', query: {}, shared: false, ...extra };
  const response = await t.request({ method: 'POST', url: views, token: token.alice, body: payload });
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  expect(response.json().detail).toContain(detail);
  expect(await names(token.alice)).not.toContain('Bad');
});

test.each([
  ['GET', `${views}?tenant_id=nope`],
  ['GET', `${views}?target=calls&tenant_id=`],
  ['DELETE', `${views}/not-an-id`],
  ['DELETE', `${views}/00000000-0000-4000-8000-000000000000`],
] as const)('%s %s answers 4xx with a detail', async (method, url) => {
  const response = await t.request({ method, url, token: token.alice });
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  expect(typeof response.json().detail).toBe('string');
});

test('a view needs a signed-in user', async () => {
  expect((await t.request({ url: `${views}?tenant_id=${f.demoTenantId}` })).statusCode).toBe(401);
});
