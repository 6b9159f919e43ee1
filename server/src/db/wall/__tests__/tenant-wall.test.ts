import { sql } from 'drizzle-orm';
import { rowsOf } from '../../raw-sql';
import type { CrmFixture } from '../../../testing/crm-fixture';
import type { TestApp } from '../../../testing/test-app';
import { createWallFixture } from '../../../testing/wall-fixture';
import { prospects, statusOptions, tenants } from '../../schema';
import type { Db } from '../../client';
import { systemContext, userContext, type DbContext } from '../context';

let t: TestApp;
let f: CrmFixture;
let demoStaff: DbContext;
let outsider: DbContext;

/** A repository query with its tenant filter removed: only the database's wall stands between tenants. */
const everyProspect = (db: Db) => db.select({ tenantId: prospects.tenantId, name: prospects.name }).from(prospects);

beforeAll(async () => {
  ({ t, f, demoStaff, outsider } = await createWallFixture());
});
afterAll(() => t.close());

/** The app's database as the app role, every statement carrying `context` to the wall. */
const appDb = (context: DbContext) => t.database.handle.contextDb(context);

test('an unfiltered query of a tenant user returns only that tenant’s rows, in a transaction too', async () => {
  expect(await everyProspect(appDb(demoStaff))).toEqual([{ tenantId: f.demoTenantId, name: 'Demo Prospect' }]);
  expect(await appDb(outsider).transaction((tx) => everyProspect(tx))).toEqual([{ tenantId: f.otherTenantId, name: 'Other Prospect' }]);
  const ownTenants = await appDb(outsider).select({ id: tenants.id }).from(tenants);
  expect(ownTenants).toEqual([{ id: f.otherTenantId }]);
});

test('statements of different users running at once on the pooled connections each see their own tenant only', async () => {
  const users = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? demoStaff : outsider));
  const seen = await Promise.all(users.map((context) => everyProspect(appDb(context))));
  seen.forEach((rows, i) =>
    expect(rows).toEqual([i % 2 === 0 ? { tenantId: f.demoTenantId, name: 'Demo Prospect' } : { tenantId: f.otherTenantId, name: 'Other Prospect' }]),
  );
});

test('a statement that fails undoes its own work only, and the connections go on with the next statement’s context', async () => {
  const failing = Array.from({ length: 12 }, () =>
    appDb(demoStaff).insert(statusOptions).values({ tenantId: f.otherTenantId, name: 'Planted', sortOrder: 99 }),
  );
  expect((await Promise.allSettled(failing)).every((outcome) => outcome.status === 'rejected')).toBe(true);
  const named = `Kept ${Date.now()}`;
  await appDb(demoStaff).insert(statusOptions).values({ tenantId: f.demoTenantId, name: named, sortOrder: 98 });
  const afterwards = await Promise.all(Array.from({ length: 12 }, () => appDb(outsider).select({ name: statusOptions.name }).from(statusOptions)));
  for (const rows of afterwards) expect(rows.map((row) => row.name)).not.toContain(named);
  const own = await appDb(demoStaff).select({ name: statusOptions.name }).from(statusOptions);
  expect(own.map((row) => row.name)).toContain(named);
  expect(own.map((row) => row.name)).not.toContain('Planted');
});

test('a transaction behind the wall is one transaction: its statements see its own writes, and a failure undoes them all', async () => {
  const named = `Undone ${Date.now()}`;
  const names = () => appDb(demoStaff).select({ name: statusOptions.name }).from(statusOptions);
  const failed = appDb(demoStaff).transaction(async (tx) => {
    await tx.insert(statusOptions).values({ tenantId: f.demoTenantId, name: named, sortOrder: 97 });
    const inside = await tx.select({ name: statusOptions.name }).from(statusOptions);
    expect(inside.map((row) => row.name)).toContain(named);
    throw new Error('undo');
  });
  await expect(failed).rejects.toThrow('undo');
  expect((await names()).map((row) => row.name)).not.toContain(named);
});

test('admins and the system see every tenant', async () => {
  const admin = userContext({ id: demoStaff.kind === 'user' ? demoStaff.userId : '', isAdmin: true, tenantId: null });
  const seen = await everyProspect(appDb(admin));
  expect(seen.map((row) => row.name).sort()).toEqual(['Demo Prospect', 'Other Prospect']);
  expect(await everyProspect(appDb(systemContext('test')))).toHaveLength(2);
});

test('a row for another tenant is refused, and another tenant’s rows cannot be changed or deleted', async () => {
  await expect(appDb(demoStaff).insert(statusOptions).values({ tenantId: f.otherTenantId, name: 'Planted', sortOrder: 99 })).rejects.toThrow();
  const renamed = await appDb(demoStaff)
    .update(prospects)
    .set({ name: 'Taken over' })
    .where(sql`true`)
    .returning({ tenantId: prospects.tenantId });
  expect(renamed).toEqual([{ tenantId: f.demoTenantId }]);
  await appDb(demoStaff)
    .delete(prospects)
    .where(sql`${prospects.tenantId} = ${f.otherTenantId}`);
  const others = await everyProspect(appDb(outsider));
  expect(others).toEqual([{ tenantId: f.otherTenantId, name: 'Other Prospect' }]);
});

test('the app works as a role that is no superuser, cannot bypass row security and owns no table; nothing stays on the connection', async () => {
  await everyProspect(appDb(demoStaff));
  const handle = t.database.handle;
  const probe =
    'select current_user as role, r.rolsuper as super, r.rolbypassrls as bypass, current_setting($1, true) as tenants from pg_roles r where r.rolname = current_user';
  const result = await handle.pool.query(probe, ['orbitra.tenant_ids']);
  const [row] = rowsOf<{ role: string; super: boolean; bypass: boolean; tenants: string | null }>(result);
  expect(row).toEqual({ role: 'orbitra_app', super: false, bypass: false, tenants: row.tenants ? '' : row.tenants });
  const owned = await t.db.execute(sql`select count(*)::int as n from pg_tables where schemaname = 'public' and tableowner = 'orbitra_app'`);
  expect(rowsOf<{ n: number }>(owned)[0].n).toBe(0);
});
