import type { CrmFixture } from '../../testing/crm-fixture';
import type { TestApp } from '../../testing/test-app';
import { createWallFixture } from '../../testing/wall-fixture';
import { prospects } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { OwnerWallInTransactionError, passOwnerWall, type ScopedDb } from '../database';

let t: TestApp;
let f: CrmFixture;
let demoStaff: ScopedDb;

const tenantsSeen = async (db: DbOrTx) => new Set((await db.select({ tenantId: prospects.tenantId }).from(prospects)).map((row) => row.tenantId));

beforeAll(async () => {
  const fixture = await createWallFixture();
  ({ t, f } = fixture);
  demoStaff = t.scoped.as(fixture.demoStaffScope);
});
afterAll(() => t.close());

test("a user's flow passing the owner wall runs as the system in a transaction of its own", async () => {
  const seen = await passOwnerWall(demoStaff, 'test', async (tx) => {
    expect(tx.reason).toBe('test');
    return tenantsSeen(tx);
  });
  expect(seen).toEqual(new Set([f.demoTenantId, f.otherTenantId]));
  // The caller's own handle still sees only their tenant, before and after.
  expect(await tenantsSeen(demoStaff)).toEqual(new Set([f.demoTenantId]));
});

test('inside a transaction already open it refuses and runs nothing: the context was bound at its BEGIN', async () => {
  const work = jest.fn(tenantsSeen);
  await expect(demoStaff.transaction((tx) => passOwnerWall(tx, 'test', work))).rejects.toThrow(OwnerWallInTransactionError);
  expect(work).not.toHaveBeenCalled();
});
