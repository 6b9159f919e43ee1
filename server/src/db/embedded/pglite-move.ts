import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder as defaultMigrationsFolder } from '../../server-paths';
import { MIGRATIONS_PRESENT_SQL, MIGRATIONS_SQL, parentsFirst, restoreTableCopy, SEQUENCES_SQL, TABLES_SQL, type TableRow } from '../backup/postgres-copy';
import { writeTableCopy, type TableCopySource } from '../backup/table-copy';
import { ClusterError } from './cluster';

/** The folder the embedded database was kept in before it was PostgreSQL (PGlite, in the server's own thread). */
export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite');

export interface MovedFolder {
  /** Where the old folder went (kept, renamed, never deleted). */
  keptAt: string;
  /** The table copy it was moved through, kept as a backup. */
  backup: string;
  tables: number;
}

async function isEmpty(ownerUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("select count(*) as n from pg_tables where schemaname = 'public'");
    return Number(rows[0].n) === 0;
  } finally {
    await client.end();
  }
}

/**
 * An embedded data folder of the app from before (PGlite, DATA_DIR/pglite) is moved into the new
 * embedded PostgreSQL at the first start: read with PGlite (only here, for this move) as a table copy,
 * the same format `npm run backup` writes, kept under DATA_DIR/backups, and restored as a backup is.
 * The old folder is then renamed, not deleted, so nothing is lost if anything goes wrong. A database
 * that already holds tables is left as it is (the move happened, or the folder was put back by hand).
 */
export async function moveOldEmbeddedFolder(dataDir: string, ownerUrl: string, migrationsFolder = defaultMigrationsFolder): Promise<MovedFolder | undefined> {
  const folder = pgliteFolder(dataDir);
  if (!fs.existsSync(path.join(folder, 'PG_VERSION'))) return undefined;
  if (!(await isEmpty(ownerUrl))) return undefined;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const backup = path.join(dataDir, 'backups', `pglite-${stamp}.copy.gz`);
  fs.mkdirSync(path.dirname(backup), { recursive: true });

  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const old = await PGlite.create({ dataDir: folder, extensions: { pg_trgm, btree_gin } }).catch((error: unknown) => {
    throw new ClusterError(
      `The embedded data folder from before, ${folder}, cannot be opened to move it into the new database (${error instanceof Error ? error.message : String(error)}). ` +
        'Move the folder away to start with an empty database, or restore a backup with `npm run restore`.',
    );
  });
  let tables: number;
  try {
    // The old folder's single connection was its superuser's, switched to the app role at each start.
    await old.exec('reset role');
    const source: TableCopySource = {
      async header() {
        const tracked = (await old.query<{ present: boolean }>(MIGRATIONS_PRESENT_SQL)).rows[0].present;
        const migrations = tracked ? (await old.query<{ hash: string; created_at: string }>(MIGRATIONS_SQL)).rows : [];
        return {
          createdAt: new Date().toISOString(),
          serverVersion: `PGlite ${(await old.query<{ server_version: string }>('show server_version')).rows[0].server_version}`,
          migrations: migrations.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) })),
          sequences: (await old.query<{ name: string; last_value: string | null }>(SEQUENCES_SQL)).rows.map((row) => ({
            name: row.name,
            lastValue: row.last_value,
          })),
        };
      },
      async tables() {
        return parentsFirst((await old.query<TableRow>(TABLES_SQL)).rows);
      },
      async copyOut(table, out) {
        // PGlite's documented COPY to a blob: the table's rows in COPY's text format.
        const result = await old.query(`COPY (SELECT ${table.columns.join(', ')} FROM ${table.table}) TO '/dev/blob'`);
        if (result.blob) {
          const text = Buffer.from(await result.blob.arrayBuffer());
          await new Promise<void>((resolve, reject) => out.write(text, (error) => (error ? reject(error) : resolve())));
        }
      },
    };
    ({ tables } = await writeTableCopy(source, backup));
  } finally {
    await old.close();
  }
  await restoreTableCopy(ownerUrl, backup, migrationsFolder);
  const keptAt = `${folder}.moved-${stamp}`;
  fs.renameSync(folder, keptAt);
  return { keptAt, backup, tables };
}
