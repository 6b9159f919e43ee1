import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { runMigrations } from '../migrate';
import { CONTEXT_SETTINGS } from '../wall/context';
import {
  checkTableCopy,
  readTableCopy,
  TableCopyFormatError,
  writeTableCopy,
  type AppliedMigration,
  type TableCopyReader,
  type TableCopySource,
  type TableSpec,
} from './table-copy';

/**
 * The app's tables with the columns a copy carries (generated ones are computed again) and the tables
 * each refers to by a foreign key, so they can be written parents first. Plain SQL of the catalog,
 * the same on every PostgreSQL (an old PGlite folder's too).
 */
export const TABLES_SQL = `
  select c.oid::regclass::text as table,
         (select array_agg(quote_ident(a.attname) order by a.attnum) from pg_attribute a
           where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns,
         coalesce((select array_agg(distinct f.confrelid::regclass::text) from pg_constraint f
           where f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> c.oid), '{}') as refers_to
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
   order by 1`;

export const MIGRATIONS_PRESENT_SQL = `select to_regclass('drizzle.__drizzle_migrations') is not null as present`;
// In the order they were applied (the journal's), whatever their times say.
export const MIGRATIONS_SQL = `select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by id`;

const FORCED_SQL = `select c.oid::regclass::text as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relforcerowsecurity`;

export const SEQUENCES_SQL = `select format('%I.%I', schemaname, sequencename) as name, last_value::text as last_value from pg_sequences where schemaname = 'public' order by 1`;

export interface TableRow {
  table: string;
  columns: string[];
  refers_to: string[];
}

/** Parents before children: a table comes after every table its foreign keys refer to. */
export function parentsFirst(rows: TableRow[]): TableSpec[] {
  const byName = new Map(rows.map((row) => [row.table, row]));
  const done = new Set<string>();
  const ordered: TableSpec[] = [];
  const visit = (row: TableRow, path: Set<string>) => {
    if (done.has(row.table)) return;
    if (path.has(row.table)) throw new Error(`The tables' foreign keys form a circle through ${row.table}: they cannot be copied parents first.`);
    path.add(row.table);
    for (const parent of row.refers_to) {
      const parentRow = byName.get(parent);
      if (parentRow) visit(parentRow, path);
    }
    path.delete(row.table);
    done.add(row.table);
    ordered.push({ table: row.table, columns: row.columns });
  };
  for (const row of rows) visit(row, new Set());
  return ordered;
}

const quoteList = (columns: string[]) => columns.join(', ');

/**
 * The backup of a PostgreSQL database by its owner, every table read in one snapshot (a repeatable-read,
 * read-only transaction), as the system: the tables' row security is forced on their owner too.
 */
export async function backupByTableCopy(ownerUrl: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query(`select set_config('${CONTEXT_SETTINGS.scope}', 'system', true)`);
    const source: TableCopySource = {
      async header() {
        const { rows: tracked } = await client.query<{ present: boolean }>(MIGRATIONS_PRESENT_SQL);
        const migrations = tracked[0].present ? (await client.query<{ hash: string; created_at: string }>(MIGRATIONS_SQL)).rows : [];
        return {
          createdAt: new Date().toISOString(),
          serverVersion: (await client.query<{ server_version: string }>('show server_version')).rows[0].server_version,
          migrations: migrations.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) })),
          sequences: (await client.query<{ name: string; last_value: string | null }>(SEQUENCES_SQL)).rows.map((row) => ({
            name: row.name,
            lastValue: row.last_value,
          })),
        };
      },
      async tables() {
        return parentsFirst((await client.query<TableRow>(TABLES_SQL)).rows);
      },
      async copyOut(table, out) {
        const rows = client.query(copyTo(`COPY (SELECT ${quoteList(table.columns)} FROM ${table.table}) TO STDOUT`));
        rows.pipe(out, { end: false });
        await finished(rows);
      },
    };
    await writeTableCopy(source, file);
    await client.query('commit');
  } finally {
    await client.end();
  }
}

/** A folder holding the first `count` of the code's migrations, to bring a database to a backup's level. */
function migrationsUpTo(migrationsFolder: string, count: number): { folder: string; remove(): void } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'orbitra-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const entries = journal.entries.slice(0, count);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/** The backup's migrations must be the code's first ones, the same files: then the code can bring its tables back. */
function checkLevel(applied: AppliedMigration[], migrationsFolder: string): void {
  const code = readMigrationFiles({ migrationsFolder });
  if (applied.length > code.length)
    throw new TableCopyFormatError(
      `The backup was made by a newer version of the app (${applied.length} migrations, this one has ${code.length}): update the app first.`,
    );
  applied.forEach((migration, i) => {
    if (code[i].hash !== migration.hash || code[i].folderMillis !== migration.createdAt)
      throw new TableCopyFormatError(`The backup was made by another version of the app: its migration ${i + 1} differs from this one's.`);
  });
}

async function write(stream: Writable, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/**
 * Brings a table-copy backup into an empty database: migrated to the backup's level, the rows copied
 * in parents-first order with the tables' own triggers off (the counters and checks they keep were
 * copied as they were), the sequences set, all in one transaction; then the later migrations run.
 */
export async function restoreTableCopy(ownerUrl: string, file: string, migrationsFolder: string): Promise<void> {
  await checkTableCopy(file);
  const reader = await readTableCopy(file);
  checkLevel(reader.header.migrations, migrationsFolder);
  try {
    const level = migrationsUpTo(migrationsFolder, reader.header.migrations.length);
    try {
      await runMigrations({ url: ownerUrl }, level.folder);
    } finally {
      level.remove();
    }
    await copyRowsIn(ownerUrl, reader);
  } catch (error) {
    // The database was empty: it is left so again, ready for another try.
    await dropAppSchemas(ownerUrl).catch(() => undefined);
    throw error;
  }
  await runMigrations({ url: ownerUrl }, migrationsFolder);
}

/** Every schema the app and its migrations make, dropped; an empty public schema left. */
export async function dropAppSchemas(ownerUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public');
  } finally {
    await client.end();
  }
}

async function copyRowsIn(ownerUrl: string, reader: TableCopyReader): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('${CONTEXT_SETTINGS.scope}', 'system', true)`);
    // Rows some migrations wrote (default groups and the like) make way for the backup's own, with
    // the tables' triggers off (the audit log refuses TRUNCATE otherwise).
    const present = (await client.query<TableRow>(TABLES_SQL)).rows.map((row) => row.table);
    // COPY FROM refuses a table whose row security applies to its user: an owner that is no superuser
    // is exempt from it once it is no longer forced, for this transaction only.
    const forced = (await client.query<{ table: string }>(FORCED_SQL)).rows.map((row) => row.table);
    for (const table of forced) await client.query(`ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY`);
    for (const table of present) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    if (present.length > 0) await client.query(`TRUNCATE ${present.join(', ')}`);
    await reader.tables(async (table, rows) => {
      const stream = client.query(copyFrom(`COPY ${table.table} (${quoteList(table.columns)}) FROM STDIN`));
      const done = finished(stream);
      for await (const row of rows) await write(stream, `${row}\n`);
      stream.end();
      await done;
    });
    for (const table of present) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    for (const table of forced) await client.query(`ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`);
    for (const sequence of reader.header.sequences) {
      if (sequence.lastValue !== null) await client.query('select setval($1::regclass, $2::bigint, true)', [sequence.name, sequence.lastValue]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
