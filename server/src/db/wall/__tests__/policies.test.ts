import pg from 'pg';
import { policiesFile } from '../../../server-paths';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-db';
import { runMigrations } from '../../migrate';
import {
  APP_SCHEMA,
  checkPolicies,
  PoliciesFileError,
  policiesSql,
  readPoliciesFile,
  rowSecuritySql,
  wallDrift,
  type PolicyRow,
  type RowSecurity,
} from '../policies';

/**
 * policies.sql is the wall: the database's row-level security policies (pg_policies: each with its
 * command, permissive or restrictive, roles, USING and WITH CHECK as PostgreSQL states them), the
 * tables' row security (enabled, forced) and the functions the policies call must be exactly the
 * file's. The file's own wall is read from the catalog of a database whose every policy was dropped
 * and row security turned off before the file ran, in a transaction rolled back; the database's, from
 * its catalog as it is.
 */
interface Wall {
  policies: PolicyRow[];
  rowSecurity: RowSecurity[];
  /** Each function by its signature, as CREATE OR REPLACE states it. */
  functions: Record<string, string>;
}

const POLICY_SQL = readPoliciesFile(policiesFile);

/** The functions the database's policies call. */
const CALLED_FUNCTIONS_SQL = `
  select distinct f.oid::regprocedure::text as name, pg_get_functiondef(f.oid) as definition
  from pg_depend d join pg_proc f on f.oid = d.refobjid
  where d.classid = 'pg_policy'::regclass and d.refclassid = 'pg_proc'::regclass`;

/** The functions written by the transaction so far. */
const WRITTEN_FUNCTIONS_SQL = `
  select f.oid::regprocedure::text as name, pg_get_functiondef(f.oid) as definition
  from pg_proc f where f.pronamespace = 'public'::regnamespace and f.xmin = pg_current_xact_id()::xid`;

/** Every policy of the app's tables dropped, and their row security off. */
const BARE_SQL = `do $$
declare
  tbl text;
  policy record;
begin
  for policy in select p.polname, c.relname from pg_policy p join pg_class c on c.oid = p.polrelid where c.relnamespace = 'public'::regnamespace loop
    execute format('drop policy %I on public.%I', policy.polname, policy.relname);
  end loop;
  for tbl in select relname from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') loop
    execute format('alter table public.%I no force row level security, disable row level security', tbl);
  end loop;
end $$`;

async function rows<T extends object>(client: pg.Client, text: string): Promise<T[]> {
  return (await client.query<T>(text)).rows;
}

const byName = (functions: Array<{ name: string; definition: string }>) => Object.fromEntries(functions.map((fn) => [fn.name, fn.definition]));

async function databaseWall(client: pg.Client): Promise<Wall> {
  return {
    policies: await rows<PolicyRow>(client, policiesSql(APP_SCHEMA)),
    rowSecurity: await rows<RowSecurity>(client, rowSecuritySql(APP_SCHEMA)),
    functions: byName(await rows(client, CALLED_FUNCTIONS_SQL)),
  };
}

/** The wall the file alone makes, read from the catalog, then rolled back. */
async function fileWall(client: pg.Client, policySql = POLICY_SQL): Promise<Wall> {
  await client.query('begin');
  try {
    await client.query(BARE_SQL);
    await client.query(policySql);
    return {
      policies: await rows<PolicyRow>(client, policiesSql(APP_SCHEMA)),
      rowSecurity: await rows<RowSecurity>(client, rowSecuritySql(APP_SCHEMA)),
      functions: byName(await rows(client, WRITTEN_FUNCTIONS_SQL)),
    };
  } finally {
    await client.query('rollback');
  }
}

async function owner(database: TestDatabase): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: database.handle.url });
  await client.connect();
  return client;
}

let database: TestDatabase;
let client: pg.Client;
beforeAll(async () => {
  database = await createTestDatabase();
  client = await owner(database);
});
afterAll(async () => {
  await client.end();
  await database.dispose();
});

test("the database's policies and row security are exactly policies.sql's: none more, none fewer, none different", async () => {
  const file = await fileWall(client);
  const present = await databaseWall(client);
  expect(file.policies.length).toBeGreaterThan(40);
  expect(file.policies).toContainEqual({
    table: 'prospects',
    name: 'owner_wall_read',
    command: 'SELECT',
    permissive: false,
    roles: ['public'],
    using: expect.stringContaining('orbitra_owner_ids()'),
    withCheck: null,
  });
  expect(present.policies).toEqual(file.policies);
  expect(present.rowSecurity).toEqual(file.rowSecurity);
  // The server's own check, on stand-ins of the tables, agrees.
  expect((await checkPolicies(client, POLICY_SQL)).drift).toEqual({ toApply: [], toRemove: [] });
});

test('every function a policy calls is stated in policies.sql, as the database has it', async () => {
  const file = await fileWall(client);
  const present = await databaseWall(client);
  expect(Object.keys(present.functions)).toEqual(expect.arrayContaining(['orbitra_sees_all_tenants()', 'orbitra_sees_note_record(uuid,uuid,uuid)']));
  expect(present.functions).toEqual(Object.fromEntries(Object.keys(present.functions).map((name) => [name, file.functions[name]])));
});

test('a policy left out of the file fails the comparison, and the start would remove it', async () => {
  const without = POLICY_SQL.replace(/CREATE POLICY recipient_wall_delete [^;]*;/, '');
  expect(without).not.toEqual(POLICY_SQL);
  const file = await fileWall(client, without);
  const present = await databaseWall(client);
  expect(present.policies).not.toEqual(file.policies);
  const toRemove = ['policy notifications: recipient_wall_delete: restrictive for DELETE to public using (orbitra_is_notified(user_id))'];
  expect(wallDrift(file, present)).toEqual({ toApply: [], toRemove });
  expect((await checkPolicies(client, without)).drift).toEqual({ toApply: [], toRemove });
});

test('a policy or row security added, dropped or changed by hand fails the comparison; the next start makes the wall exactly the file’s again and names what it did', async () => {
  const other = await createTestDatabase();
  const otherClient = await owner(other);
  try {
    await otherClient.query('create policy by_hand on products using (true)');
    await otherClient.query('drop policy owner_wall_read on leads');
    await otherClient.query('alter policy tenant_wall on prospects using (true)');
    await otherClient.query('alter table users enable row level security');
    await otherClient.query('alter table goals no force row level security');
    const file = await fileWall(otherClient);
    const changed = await databaseWall(otherClient);
    expect(changed.policies).not.toEqual(file.policies);
    expect(changed.rowSecurity).not.toEqual(file.rowSecurity);
    const drift = {
      toApply: [
        'policy leads: owner_wall_read: missing',
        expect.stringMatching(
          /^policy prospects: tenant_wall: permissive for ALL to public using \(true\) with check .+, the file's permissive for ALL to public using \(\(\( SELECT orbitra_sees_all_tenants\(\)/,
        ),
        "row security of goals: enabled and not forced, the file's enabled and forced",
      ],
      toRemove: ['policy products: by_hand: permissive for ALL to public using (true)', "row security of users: enabled and not forced, the file's off"],
    };
    expect(wallDrift(file, changed)).toEqual(drift);
    expect((await checkPolicies(otherClient, POLICY_SQL)).drift).toEqual(drift);

    const warnings: string[] = [];
    await runMigrations(other.handle, undefined, { warn: (line) => warnings.push(line) });
    expect(warnings).toEqual([
      "Row-level security brought to server/src/db/wall/policies.sql's: policy leads: owner_wall_read: missing",
      expect.stringMatching(/^Row-level security brought to server\/src\/db\/wall\/policies.sql's: policy prospects: tenant_wall: /),
      "Row-level security brought to server/src/db/wall/policies.sql's: row security of goals: enabled and not forced, the file's enabled and forced",
      'Row-level security that server/src/db/wall/policies.sql does not state, removed: policy products: by_hand: permissive for ALL to public using (true)',
      "Row-level security that server/src/db/wall/policies.sql does not state, removed: row security of users: enabled and not forced, the file's off",
    ]);
    const restarted = await databaseWall(otherClient);
    expect(restarted.policies).toEqual(file.policies);
    expect(restarted.rowSecurity).toEqual(file.rowSecurity);
    expect(restarted).toEqual(await databaseWall(client));
    expect((await checkPolicies(otherClient, POLICY_SQL)).drift).toEqual({ toApply: [], toRemove: [] });
  } finally {
    await otherClient.end();
    await other.dispose();
  }
});

test('a start with the wall already the file’s changes nothing and waits on no reader, as a backup holding every table', async () => {
  const policyRows = () => rows<{ oid: number; xmin: string }>(client, 'select oid::int as oid, xmin::text as xmin from pg_policy order by oid');
  const before = await policyRows();
  const reader = await owner(database);
  try {
    await reader.query('begin');
    const tables = await rows<{ name: string }>(
      reader,
      "select format('public.%I', relname) as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p')",
    );
    await reader.query(`lock table ${tables.map((table) => table.name).join(', ')} in access share mode`);
    const start = runMigrations(database.handle);
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([start.then(() => 'finished'), new Promise((resolve) => (timer = setTimeout(() => resolve('waiting'), 5000)))]);
    clearTimeout(timer);
    await reader.query('rollback');
    await start;
    expect(outcome).toBe('finished');
  } finally {
    await reader.end();
  }
  expect(await policyRows()).toEqual(before);
});

test("a database of a newer version keeps that version's wall: this version's start leaves it and says why", async () => {
  const other = await createTestDatabase();
  const otherClient = await owner(other);
  try {
    const [{ count }] = await rows<{ count: number }>(otherClient, 'select count(*)::int as count from drizzle.__drizzle_migrations');
    await otherClient.query(
      "insert into drizzle.__drizzle_migrations (hash, created_at) select 'a newer version', max(created_at) + 1 from drizzle.__drizzle_migrations",
    );
    await otherClient.query('alter policy tenant_wall on products using (true)');
    const warnings: string[] = [];
    await runMigrations(other.handle, undefined, { warn: (line) => warnings.push(line) });
    expect(warnings).toEqual([
      `The database has ${count + 1} migrations and this version of the app ${count}: its row-level security stays as the newer version left it.`,
    ]);
    const products = (await databaseWall(otherClient)).policies.find((policy) => policy.table === 'products' && policy.name === 'tenant_wall');
    expect(products?.using).toBe('true');
  } finally {
    await otherClient.end();
    await other.dispose();
  }
});

test('a policies.sql that names a table with its schema is refused, and the table is left as it was', async () => {
  const before = await databaseWall(client);
  await expect(checkPolicies(client, 'CREATE POLICY by_hand ON public.products USING (true);')).rejects.toThrow(
    new PoliciesFileError('it names products with a schema; name tables without one, so the check reaches its stand-ins.'),
  );
  expect(await databaseWall(client)).toEqual(before);
});
