import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** One database type for both drivers: repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either, so a service can compose them inside one transaction. */
export type DbOrTx = Db | Tx;

export type DatabaseHandle =
  { kind: 'pglite'; db: Db; client: PGlite; close: () => Promise<void> } | { kind: 'postgres'; db: Db; pool: pg.Pool; close: () => Promise<void> };

/** The contrib extensions the migrations create; PGlite has to load their code first. */
export const pgliteExtensions = { pg_trgm, btree_gin };

export interface PgliteOpenOptions {
  /** A folder to keep the data in; omitted: in memory. */
  dataDir?: string;
  /** A dump made by PGlite.dumpDataDir, to start from (tests use a migrated template). */
  loadDataDir?: Blob | File;
}

export async function openPglite(options: PgliteOpenOptions = {}): Promise<DatabaseHandle> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions,
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { kind: 'pglite', db, client, close: () => client.close() };
}

export function openPostgres(connectionString: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return { kind: 'postgres', db, pool, close: () => pool.end() };
}

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR/pglite. */
export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite({ dataDir: `${config.dataDir}/pglite` });
}
