import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db';
import { DISTRIBUTION_COLUMN, UNDISTRIBUTED_TABLES, type Placement } from '../distribution';
import { rowsOf } from '../raw-sql';
import { systemContext } from '../wall/context';

/*
 * Ready to distribute by tenant: a distributed engine (Citus) keeps each tenant's rows on one node,
 * so it can only enforce a key that names the tenant. This reads the migrated database's catalog:
 * every table with tenant_id has it in its primary key, in every unique index and constraint, and
 * on both sides of every foreign key to another such table; every other table is stated in
 * distribution.ts (a reference table, or local to the coordinator), and its foreign keys point only
 * where that engine can check them.
 */

interface Table {
  name: string;
  columns: string[];
}
interface UniqueIndex {
  table: string;
  name: string;
  primary: boolean;
  /** Key columns; an expression is null. */
  columns: (string | null)[];
}
interface ForeignKey {
  table: string;
  name: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
  /** ON DELETE: a (no action), r (restrict), c (cascade), n (set null), d (set default). */
  onDelete: string;
  /** The columns SET NULL / SET DEFAULT changes when it names them; empty: every column of the key. */
  setColumns: string[];
}

let database: TestDatabase;
const run = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.handle.contextDb(systemContext('test')).execute(query));

let tables: Table[];
let uniques: UniqueIndex[];
let foreignKeys: ForeignKey[];

beforeAll(async () => {
  database = await createTestDatabase();
  tables = await run<Table>(sql`
    select c.relname as name,
      array(select a.attname::text from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by a.attnum) as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname`);
  uniques = await run<UniqueIndex>(sql`
    select t.relname as table, x.relname as name, i.indisprimary as primary,
      array(
        select a.attname::text
        from unnest(i.indkey) with ordinality k(attnum, position)
        left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
        where k.position <= i.indnkeyatts
        order by k.position
      ) as columns
    from pg_index i
    join pg_class x on x.oid = i.indexrelid
    join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public' and (i.indisunique or i.indisexclusion)
    order by t.relname, x.relname`);
  foreignKeys = await run<ForeignKey>(sql`
    select t.relname as table, c.conname as name, r.relname as "refTable",
      array(select a.attname::text from unnest(c.conkey) with ordinality k(attnum, position)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.position) as columns,
      array(select a.attname::text from unnest(c.confkey) with ordinality k(attnum, position)
        join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum order by k.position) as "refColumns",
      c.confdeltype::text as "onDelete",
      array(select a.attname::text from unnest(coalesce(c.confdelsetcols, '{}')) k(attnum)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) as "setColumns"
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_class r on r.oid = c.confrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public' and c.contype = 'f'
    order by t.relname, c.conname`);
}, 120_000);

afterAll(async () => {
  await database?.dispose();
});

const placementOf = (table: string): Placement | 'distributed' | 'unstated' =>
  Object.hasOwn(UNDISTRIBUTED_TABLES, table)
    ? UNDISTRIBUTED_TABLES[table].placement
    : tables.find((t) => t.name === table)?.columns.includes(DISTRIBUTION_COLUMN)
      ? 'distributed'
      : 'unstated';
const distributed = () => tables.filter((table) => placementOf(table.name) === 'distributed').map((table) => table.name);
const describeKey = (key: ForeignKey) => `${key.table}: ${key.name} (${key.columns.join(', ')}) -> ${key.refTable} (${key.refColumns.join(', ')})`;

describe('keys ready to distribute by tenant_id', () => {
  test('the catalog was read', () => {
    // A query that silently found nothing would pass every test below.
    expect(tables.length).toBeGreaterThan(30);
    expect(distributed()).toEqual(expect.arrayContaining(['prospects', 'leads', 'quotations']));
    expect(uniques.some((index) => index.table === 'prospects' && index.primary)).toBe(true);
    expect(foreignKeys.some((key) => key.name === 'leads_prospect_fk')).toBe(true);
  });

  test('every table either has tenant_id or is stated as not distributed', () => {
    expect(tables.filter((table) => placementOf(table.name) === 'unstated').map((table) => table.name)).toEqual([]);
  });

  test('the list of tables not distributed names only tables that exist, each with its reason', () => {
    const names = new Set(tables.map((table) => table.name));
    expect(Object.keys(UNDISTRIBUTED_TABLES).filter((name) => !names.has(name))).toEqual([]);
    expect(Object.entries(UNDISTRIBUTED_TABLES).filter(([, { reason }]) => reason.trim().length < 10)).toEqual([]);
  });

  test('every distributed table has tenant_id in its primary key', () => {
    const withPrimary = new Set(uniques.filter((index) => index.primary).map((index) => index.table));
    const missing = distributed().filter((table) => !withPrimary.has(table));
    const without = uniques.filter((index) => index.primary && distributed().includes(index.table) && !index.columns.includes(DISTRIBUTION_COLUMN));
    expect([
      ...missing.map((table) => `${table}: no primary key`),
      ...without.map((index) => `${index.table}: ${index.name} (${index.columns.join(', ')})`),
    ]).toEqual([]);
  });

  test('every unique index and constraint of a distributed table includes tenant_id', () => {
    const without = uniques.filter((index) => distributed().includes(index.table) && !index.columns.includes(DISTRIBUTION_COLUMN));
    expect(without.map((index) => `${index.table}: ${index.name} (${index.columns.map((column) => column ?? '<expression>').join(', ')})`)).toEqual([]);
  });

  test('every foreign key between distributed tables pairs tenant_id with tenant_id', () => {
    const wrong = foreignKeys.filter((key) => {
      if (placementOf(key.table) !== 'distributed' || placementOf(key.refTable) !== 'distributed') return false;
      const at = key.columns.indexOf(DISTRIBUTION_COLUMN);
      return at < 0 || key.refColumns[at] !== DISTRIBUTION_COLUMN;
    });
    expect(wrong.map(describeKey)).toEqual([]);
  });

  test('no foreign key of a distributed table sets tenant_id to null or its default', () => {
    // A row cannot leave its tenant: SET NULL on a key with tenant_id names only the other columns.
    const wrong = foreignKeys.filter(
      (key) =>
        placementOf(key.table) === 'distributed' &&
        key.columns.includes(DISTRIBUTION_COLUMN) &&
        (key.onDelete === 'n' || key.onDelete === 'd') &&
        (key.setColumns.length === 0 || key.setColumns.includes(DISTRIBUTION_COLUMN)),
    );
    expect(wrong.map(describeKey)).toEqual([]);
  });

  test('every foreign key points where a distributed engine can check it', () => {
    // A distributed table may point at its tenant's rows (above) or at a reference table; a reference
    // table, copied to every node, only at another; a coordinator's table at those two kinds only.
    const allowed: Record<string, string[]> = {
      distributed: ['distributed', 'reference'],
      reference: ['reference'],
      local: ['reference', 'local'],
    };
    const wrong = foreignKeys.filter((key) => !(allowed[placementOf(key.table)] ?? []).includes(placementOf(key.refTable)));
    expect(wrong.map((key) => `${describeKey(key)}: ${placementOf(key.table)} to ${placementOf(key.refTable)}`)).toEqual([]);
  });
});
