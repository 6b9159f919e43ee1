import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { auditEvents } from '../../schema';
import { systemContext, userContext } from '../context';

/**
 * Tables with a tenant_id column that are not tenant data. users: people are global (admins work
 * across tenants); their tenant_id is a home tenant, and sign-in finds them before any tenant is known.
 */
const GLOBAL_TABLES_WITH_TENANT_ID = ['users'];

/**
 * Tables whose owner_id is whom a row is for, not whose records it shows: a task is seen exactly as the
 * prospect or lead it is about (the record wall), whoever it is assigned to.
 */
const SEEN_THROUGH_THEIR_RECORD = ['tasks'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

test('every table with a tenant_id column has row-level security enabled and forced, with a policy', async () => {
  const tables = rowsOf<{ name: string; enabled: boolean; forced: boolean; policies: number }>(
    await t.db.execute(sql`
      select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
        (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
      order by 1`),
  );
  const walled = tables.filter((table) => !GLOBAL_TABLES_WITH_TENANT_ID.includes(table.name));
  expect(walled.length).toBeGreaterThanOrEqual(12);
  expect(walled.filter((table) => !(table.enabled && table.forced && table.policies > 0)).map((table) => table.name)).toEqual([]);
});

test("every table with an owner_id column has the owner wall, or its record's, for reading, changing and deleting", async () => {
  const tables = rowsOf<{ name: string; policies: string[] }>(
    await t.db.execute(sql`
      select c.relname as name,
        coalesce((select array_agg(p.polname::text || ':' || p.polcmd::text order by p.polname) from pg_policy p
          where p.polrelid = c.oid and not p.polpermissive), '{}') as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'owner_id' and not a.attisdropped)
      order by 1`),
  );
  expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['leads', 'prospects', 'quotations', ...SEEN_THROUGH_THEIR_RECORD]));
  for (const table of tables) {
    // r: select, w: update, d: delete (pg_policy.polcmd); restrictive, so they narrow the tenant wall.
    const wall = SEEN_THROUGH_THEIR_RECORD.includes(table.name) ? 'record_wall' : 'owner_wall';
    expect({ table: table.name, policies: table.policies }).toEqual({
      table: table.name,
      policies: [`${wall}_change:w`, `${wall}_delete:d`, `${wall}_read:r`],
    });
  }
});

test('the app role may add to and read the audit trail, but never change or delete an entry', async () => {
  const db = t.database.handle.contextDb(systemContext('test'));
  const [entry] = await db.insert(auditEvents).values({ action: 'test.entry', targetType: 'test', targetId: '1' }).returning({ id: auditEvents.id });
  expect(await db.select({ id: auditEvents.id }).from(auditEvents)).toEqual([entry]);
  await expect(db.update(auditEvents).set({ action: 'test.changed' })).rejects.toThrow();
  await expect(db.delete(auditEvents)).rejects.toThrow();
  await expect(db.execute(sql`truncate audit_events`)).rejects.toThrow();
  const member = userContext({ id: '00000000-0000-4000-8000-000000000001', isAdmin: false, tenantId: null });
  expect(await t.database.handle.contextDb(member).select({ id: auditEvents.id }).from(auditEvents)).toEqual([]);
  expect(await t.db.select({ action: auditEvents.action }).from(auditEvents)).toEqual([{ action: 'test.entry' }]);
});
