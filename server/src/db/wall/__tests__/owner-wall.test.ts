import type { CrmFixture } from '../../../testing/crm-fixture';
import type { TestApp } from '../../../testing/test-app';
import { createWallFixture } from '../../../testing/wall-fixture';
import { prospects } from '../../schema';
import type { DbOrTx } from '../../client';
import { withDbContext, type DbContext } from '../context';
import { OwnerWallInTransactionError, passOwnerWall } from '../owner-wall';

let t: TestApp;
let f: CrmFixture;
let demoStaff: DbContext;

const tenantsSeen = async (db: DbOrTx) => new Set((await db.select({ tenantId: prospects.tenantId }).from(prospects)).map((row) => row.tenantId));

beforeAll(async () => {
  ({ t, f, demoStaff } = await createWallFixture());
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
