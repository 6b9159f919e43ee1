import { DEMO_ADMIN } from '../seed/seed';
import { createCrmFixture, expectStatus, type CrmFixture } from '../testing/crm-fixture';
import { operationsOf, variantsOf, type Operation } from '../testing/fuzz/corpus';
import { fuzzAs, seedTenant, tenantIds, type Actor, type FuzzResult } from '../testing/fuzz/fuzz-runner';
import { tablesWithReplacementCharacter, tenantSnapshot } from '../testing/fuzz/tenant-snapshot';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Every operation of the OpenAPI document, present and future, gets a bounded corpus of hostile
 * variants from two callers: the staff user of another tenant (who also aims the demo tenant's
 * ids at every route) and an admin working in a scratch tenant. Neither may cause a 5xx, an error
 * other than JSON { detail }, or any change to the demo tenant's rows.
 */
let t: TestApp;
let f: CrmFixture;
let operations: Operation[];
let actors: Actor[];
let callerIds: string[];
beforeAll(async () => {
  t = await createTestApp({ crmSample: true });
  f = await createCrmFixture(t);
  operations = operationsOf(expectStatus(await t.request({ url: '/api/openapi.json' }), 200));

  const scratch = expectStatus<{ id: string }>(
    await t.request({ method: 'POST', url: '/api/v1/crm/tenants', token: f.admin, body: { name: 'Scratch Co', domain: 'scratch.example.com' } }),
    201,
  );
  // The signed-in user answers its id as _id. The admin works in every tenant: records it made carry its id as their owner.
  const adminId = expectStatus<{ _id: string }>(await t.request({ url: '/api/v1/auth/me', token: f.admin }), 200)._id;
  const outsiderId = expectStatus<{ _id: string }>(await t.request({ url: '/api/v1/auth/me', token: f.outsider }), 200)._id;
  const exclude = [adminId, outsiderId];
  callerIds = exclude;
  for (const tenantId of [scratch.id, f.otherTenantId])
    await seedTenant(t, operations, f.admin, (await tenantIds(t, operations, f.admin, tenantId, exclude)).context);
  const victim = await tenantIds(t, operations, f.admin, f.demoTenantId, exclude);
  const other = await tenantIds(t, operations, f.admin, f.otherTenantId, exclude);
  const mine = await tenantIds(t, operations, f.admin, scratch.id, exclude);
  actors = [
    {
      name: 'staff of another tenant',
      token: f.outsider,
      relogin: () => t.login('outsider@example.com', 'outsider-password'),
      subject: { own: other.context, foreign: victim.context },
      mustNotSee: victim.owned,
    },
    { name: 'admin', token: f.admin, relogin: () => t.login(DEMO_ADMIN.email, DEMO_ADMIN.password), subject: { own: mine.context }, mustNotSee: [] },
  ];
});
afterAll(() => t.close());

test('the document lists the API and every operation gets a corpus', () => {
  expect(operations.length).toBeGreaterThan(40);
  for (const op of operations) expect(variantsOf(op, actors[0].subject).length).toBeGreaterThan(0);
});

test('hostile requests to every operation answer 2xx or a 4xx JSON { detail }, and leave the demo tenant as it was', async () => {
  const before = await tenantSnapshot(t.db, f.demoTenantId, callerIds);
  const result: FuzzResult = { requests: 0, failures: [], statuses: {} };
  const started = Date.now();
  // The callers work in different tenants, so they run side by side.
  await Promise.all(actors.map((actor) => fuzzAs(t, operations, actor, result)));
  console.log(`openapi fuzz: ${operations.length} operations, ${result.requests} requests, ${((Date.now() - started) / 1000).toFixed(1)} s`, result.statuses);

  expect(result.failures).toEqual([]);
  expect(await tenantSnapshot(t.db, f.demoTenantId, callerIds)).toEqual(before);
  expect(await tablesWithReplacementCharacter(t.db)).toEqual([]);
  expect((await t.request({ url: '/api/v1/health' })).statusCode).toBe(200);
  expect((await t.request({ url: '/api/v1/auth/me', token: await actors[1].relogin() })).statusCode).toBe(200);
}, 180_000);
