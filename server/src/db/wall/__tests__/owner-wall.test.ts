import { sql } from 'drizzle-orm';
import { createCrmFixture, type CrmFixture } from '../../../testing/crm-fixture';
import { prospectRequests } from '../../../testing/prospect-requests';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { prospects } from '../../schema';
import type { DbOrTx } from '../../client';
import { rowsOf } from '../../raw-sql';
import { userContext, withDbContext, type DbContext } from '../context';
import { OwnerWallInTransactionError, passOwnerWall } from '../owner-wall';

let t: TestApp;
let f: CrmFixture;
let demoStaff: DbContext;

const tenantsSeen = async (db: DbOrTx) => new Set((await db.select({ tenantId: prospects.tenantId }).from(prospects)).map((row) => row.tenantId));

beforeAll(async () => {
  t = await createTestApp();
  f = await createCrmFixture(t);
  const requests = prospectRequests(t, f);
  await requests.create({ name: 'Demo Prospect', phone1: '+1 555 010 2000' });
  await requests.create({ name: 'Other Prospect', phone1: '+1 555 010 3000' }, f.otherTenantId, f.outsider);
  const [staff] = rowsOf<{ id: string }>(await t.db.execute(sql`select id from users where email = 'staff@example.com'`));
  demoStaff = userContext({ id: staff.id, isAdmin: false, tenantId: f.demoTenantId });
});
afterAll(() => t.close());

const appDb = () => t.database.handle.db;

test("a user's flow passing the owner wall runs as the system in a transaction of its own", async () => {
  const seen = await withDbContext(demoStaff, () => passOwnerWall(appDb(), 'test', tenantsSeen));
  expect(seen).toEqual(new Set([f.demoTenantId, f.otherTenantId]));
  expect(await withDbContext(demoStaff, () => tenantsSeen(appDb()))).toEqual(new Set([f.demoTenantId]));
});

test('inside a transaction already open it refuses and runs nothing: the context was bound at its BEGIN', async () => {
  const work = jest.fn(tenantsSeen);
  await expect(withDbContext(demoStaff, () => appDb().transaction((tx) => passOwnerWall(tx, 'test', work)))).rejects.toThrow(OwnerWallInTransactionError);
  await expect(withDbContext(demoStaff, () => passOwnerWall(appDb(), 'outer', () => passOwnerWall(appDb(), 'inner', work)))).rejects.toThrow(
    OwnerWallInTransactionError,
  );
  expect(work).not.toHaveBeenCalled();
});
