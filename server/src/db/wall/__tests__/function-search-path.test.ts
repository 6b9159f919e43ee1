import { sql } from 'drizzle-orm';
import { rowsOf } from '../../raw-sql';
import { createTestApp, type TestApp } from '../../../testing/test-app';

/**
 * pg_dump and pg_restore run with an empty search_path, and a policy, trigger or index evaluates
 * its functions with the search_path of whoever runs the statement. A function of ours that calls
 * another, or names a table, unqualified then fails in a backup ("function ... does not exist").
 * So each one sets its own (ALTER FUNCTION ... SET search_path = public, pg_temp, or SET in its
 * CREATE); a migration that creates or replaces one without it fails here. The exception are the
 * context functions the policies read (drizzle/0046): a SET clause keeps PostgreSQL from inlining a
 * function, and each call then cost a parse and plan of its own in every statement. They name only
 * built-ins of pg_catalog, which every search_path searches, and must stay inlined.
 */
const INLINED_CONTEXT_FUNCTIONS = [
  'orbitra_owner_ids()',
  'orbitra_sees_all_owners()',
  'orbitra_sees_all_tenants()',
  'orbitra_tenant_ids()',
  'orbitra_user_id()',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

test('every function of the public schema, other than an extension’s and the inlined context functions, sets its own search_path', async () => {
  const functions = rowsOf<{ name: string; settings: string[] | null }>(
    await t.db.execute(sql`
      select p.oid::regprocedure::text as name, p.proconfig as settings
      from pg_proc p
      where p.pronamespace = 'public'::regnamespace
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by 1`),
  );
  expect(functions.map((fn) => fn.name)).toEqual(expect.arrayContaining(['orbitra_sees_all_tenants()', 'orbitra_sees_all_owners()']));
  const withoutSearchPath = functions.filter((fn) => !(fn.settings ?? []).some((setting) => setting.startsWith('search_path='))).map((fn) => fn.name);
  expect(withoutSearchPath).toEqual(INLINED_CONTEXT_FUNCTIONS);
});

test('the policies’ context functions are inlined: a plan reads the settings, not the functions', async () => {
  const calls = INLINED_CONTEXT_FUNCTIONS.map((name) => `(select ${name})`).join(', ');
  const plan = rowsOf<{ 'QUERY PLAN': string }>(await t.db.execute(sql.raw(`explain (verbose, costs off) select ${calls}`)))
    .map((row) => row['QUERY PLAN'])
    .join('\n');
  expect(plan).toContain('current_setting');
  expect(plan).not.toMatch(/orbitra_/);
});

test('the app reads every table through its walls with an empty search_path, as pg_dump does', async () => {
  const tables = rowsOf<{ name: string }>(
    await t.db.execute(sql`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public' and rowsecurity order by 1`),
  );
  expect(tables.length).toBeGreaterThan(10);
  const failed: string[] = [];
  for (const { name } of tables) {
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local search_path = ''`);
        await tx.execute(sql.raw(`select count(*) from ${name}`));
      })
      .catch((error: Error) => failed.push(`${name}: ${error.message}`));
  }
  expect(failed).toEqual([]);
});
