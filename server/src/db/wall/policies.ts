import fs from 'node:fs';
import pg from 'pg';

/**
 * The wall's one source (policies.sql), applied at every start after the migrations (migrate.ts).
 *
 * Dropping or creating a policy, or turning a table's row security on, locks the table against every
 * reader until the transaction ends, and waits first for every transaction reading it (a backup
 * holds its tables for minutes): applying the file at each start would stall the running instances'
 * requests. So the file is first run against stand-ins: a temporary table per table of the schema,
 * with its columns, which the file's unqualified table names reach first. PostgreSQL writes the
 * stand-ins' policies as it writes the real ones, so the two are compared as pg_policies states them,
 * in a transaction that is rolled back; only when they differ is the file applied, and then the
 * database's wall becomes exactly the file's: what the file does not state is removed.
 */

/** A connection as the owner, outside any transaction. */
export type OwnerClient = Pick<pg.ClientBase, 'query'>;

/** One policy as pg_policies states it. */
export interface PolicyRow {
  table: string;
  name: string;
  command: 'ALL' | 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE';
  permissive: boolean;
  roles: string[];
  using: string | null;
  withCheck: string | null;
}

/** A table's row security: enabled, and forced on its owner too. */
export interface RowSecurity {
  table: string;
  enabled: boolean;
  forced: boolean;
}

/** The database's wall against the file's. */
export interface WallDrift {
  /** What applying the file changes: its policies the database lacks or states otherwise, row security it turns on, its functions. */
  toApply: string[];
  /** What the database has and the file does not state (a policy or row security added by hand, or left by a migration): removed. */
  toRemove: string[];
}

/** The schema the app's tables are in, and the session's temporary one, where the stand-ins are. */
export const APP_SCHEMA = "'public'";
const STAND_INS = 'pg_my_temp_schema()::regnamespace::text';

/** Every policy of the tables of one schema, as pg_policies states it (PUBLIC as `public`, roles sorted). */
export const policiesSql = (schema: string) => `
  select tablename::text as "table", policyname::text as name, cmd as command, permissive = 'PERMISSIVE' as permissive,
    roles::text[] as roles, qual as using, with_check as "withCheck"
  from pg_policies
  where schemaname = ${schema}
  order by 1, 2`;

/** The tables of one schema whose row security is on. */
export const rowSecuritySql = (schema: string) => `
  select c.relname as "table", c.relrowsecurity as enabled, c.relforcerowsecurity as forced
  from pg_class c
  where c.relnamespace = (${schema})::regnamespace and c.relkind in ('r', 'p') and (c.relrowsecurity or c.relforcerowsecurity)
  order by 1`;

/** The app's own functions (not an extension's), each as CREATE OR REPLACE would state it. */
const FUNCTIONS_SQL = `
  select p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as definition, p.xmin = pg_current_xact_id()::xid as written
  from pg_proc p
  where p.pronamespace = 'public'::regnamespace and p.prokind in ('f', 'p')
    and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`;

/** Policies or row security the file set on the real tables rather than on their stand-ins. */
const WROTE_REAL_TABLES_SQL = `
  select c.relname as "table" from pg_class c
  where c.relnamespace = 'public'::regnamespace
    and (c.xmin = pg_current_xact_id()::xid or exists (select 1 from pg_policy p where p.polrelid = c.oid and p.xmin = pg_current_xact_id()::xid))
  order by 1`;

/** A stand-in for every table of the schema: its columns alone, empty, gone with the transaction. */
const STAND_INS_SQL = `do $$
declare
  tbl text;
begin
  for tbl in select relname from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') loop
    execute format('create temporary table %I (like public.%I) on commit drop', tbl, tbl);
  end loop;
end $$`;

export class PoliciesFileError extends Error {
  constructor(message: string) {
    super(`policies.sql: ${message}`);
    this.name = 'PoliciesFileError';
  }
}

export function readPoliciesFile(file: string): string {
  return fs.readFileSync(file, 'utf8');
}

const policyKey = (policy: Pick<PolicyRow, 'table' | 'name'>) => `${policy.table}: ${policy.name}`;

function policyText(policy: PolicyRow): string {
  const using = policy.using === null ? '' : ` using (${policy.using})`;
  const withCheck = policy.withCheck === null ? '' : ` with check (${policy.withCheck})`;
  return `${policy.permissive ? 'permissive' : 'restrictive'} for ${policy.command} to ${policy.roles.join(', ')}${using}${withCheck}`;
}

function flags(security: RowSecurity | undefined): string {
  if (!security?.enabled && !security?.forced) return 'off';
  return [security.enabled ? 'enabled' : 'not enabled', security.forced ? 'forced' : 'not forced'].join(' and ');
}

/** The differences between the file's wall and the database's. */
export function wallDrift(
  file: { policies: PolicyRow[]; rowSecurity: RowSecurity[] },
  database: { policies: PolicyRow[]; rowSecurity: RowSecurity[] },
  changedFunctions: string[] = [],
): WallDrift {
  const toApply: string[] = [];
  const toRemove: string[] = [];
  const inDatabase = new Map(database.policies.map((policy) => [policyKey(policy), policy]));
  const inFile = new Set(file.policies.map(policyKey));
  for (const policy of file.policies) {
    const present = inDatabase.get(policyKey(policy));
    if (!present) toApply.push(`policy ${policyKey(policy)}: missing`);
    else if (policyText(present) !== policyText(policy)) toApply.push(`policy ${policyKey(policy)}: ${policyText(present)}, the file's ${policyText(policy)}`);
  }
  for (const policy of database.policies) if (!inFile.has(policyKey(policy))) toRemove.push(`policy ${policyKey(policy)}: ${policyText(policy)}`);
  const fileSecurity = new Map(file.rowSecurity.map((table) => [table.table, table]));
  const databaseSecurity = new Map(database.rowSecurity.map((table) => [table.table, table]));
  for (const table of [...new Set([...fileSecurity.keys(), ...databaseSecurity.keys()])].sort()) {
    const wanted = fileSecurity.get(table);
    const present = databaseSecurity.get(table);
    if (flags(wanted) === flags(present)) continue;
    const line = `row security of ${table}: ${flags(present)}, the file's ${flags(wanted)}`;
    // The file only ever turns row security on; what it would not turn on is the database's own.
    if ((wanted?.enabled && !present?.enabled) || (wanted?.forced && !present?.forced)) toApply.push(line);
    else toRemove.push(line);
  }
  for (const name of changedFunctions) toApply.push(`function ${name}: not as the file states it`);
  return { toApply, toRemove };
}

async function rows<T extends object>(client: OwnerClient, text: string): Promise<T[]> {
  return (await client.query<T>(text)).rows;
}

async function inTransaction<T>(client: OwnerClient, work: () => Promise<T>, { commit }: { commit: boolean }): Promise<T> {
  await client.query('begin');
  try {
    // Unqualified table names reach the session's temporary tables first, then the app's.
    await client.query('set local search_path = public');
    const result = await work();
    await client.query(commit ? 'commit' : 'rollback');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

async function runFile(client: OwnerClient, policySql: string): Promise<void> {
  try {
    await client.query(policySql);
  } catch (error) {
    throw new PoliciesFileError(error instanceof Error ? error.message : String(error));
  }
}

interface Wall {
  policies: PolicyRow[];
  rowSecurity: RowSecurity[];
}

/** The database's wall against the file's, and the database's wall; changes nothing and locks no table. */
export async function checkPolicies(client: OwnerClient, policySql: string): Promise<{ drift: WallDrift; database: Wall; file: Wall }> {
  return inTransaction(
    client,
    async () => {
      const before = new Map((await rows<{ name: string; definition: string }>(client, FUNCTIONS_SQL)).map((fn) => [fn.name, fn.definition]));
      await client.query(STAND_INS_SQL);
      await runFile(client, policySql);
      const wrote = await rows<{ table: string }>(client, WROTE_REAL_TABLES_SQL);
      if (wrote.length > 0)
        throw new PoliciesFileError(
          `it names ${wrote.map((row) => row.table).join(', ')} with a schema; name tables without one, so the check reaches its stand-ins.`,
        );
      const file = { policies: await rows<PolicyRow>(client, policiesSql(STAND_INS)), rowSecurity: await rows<RowSecurity>(client, rowSecuritySql(STAND_INS)) };
      const database = {
        policies: await rows<PolicyRow>(client, policiesSql(APP_SCHEMA)),
        rowSecurity: await rows<RowSecurity>(client, rowSecuritySql(APP_SCHEMA)),
      };
      const changed = (await rows<{ name: string; definition: string; written: boolean }>(client, FUNCTIONS_SQL))
        .filter((fn) => fn.written && before.get(fn.name) !== fn.definition)
        .map((fn) => fn.name);
      return { drift: wallDrift(file, database, changed), database, file };
    },
    { commit: false },
  );
}

/**
 * Brings the database's wall to exactly the file's: when they differ, in one transaction, every
 * policy of the app's tables is dropped, row security the file does not state is turned off, and the
 * file runs (creating its policies, turning its row security on, replacing its functions). Answers
 * what differed before.
 */
export async function applyPolicies(client: OwnerClient, policySql: string): Promise<WallDrift> {
  const { drift, database, file } = await checkPolicies(client, policySql);
  if (drift.toApply.length === 0 && drift.toRemove.length === 0) return drift;
  const wanted = new Map(file.rowSecurity.map((table) => [table.table, table]));
  await inTransaction(
    client,
    async () => {
      for (const policy of database.policies)
        await client.query(`drop policy ${pg.escapeIdentifier(policy.name)} on public.${pg.escapeIdentifier(policy.table)}`);
      for (const table of database.rowSecurity) {
        const off = [
          ...(table.forced && !wanted.get(table.table)?.forced ? ['no force row level security'] : []),
          ...(table.enabled && !wanted.get(table.table)?.enabled ? ['disable row level security'] : []),
        ];
        if (off.length > 0) await client.query(`alter table public.${pg.escapeIdentifier(table.table)} ${off.join(', ')}`);
      }
      await runFile(client, policySql);
    },
    { commit: true },
  );
  return drift;
}
