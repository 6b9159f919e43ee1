import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Db } from './types';
import type { DbContext } from './wall/context';
import { ambientContext, pgliteDb, postgresDb } from './wall/scoped-db';
import { APP_ROLE } from './wall/app-role';

export type { Db, DbOrTx, Schema, Tx } from './types';

interface HandleBase {
  /** Runs as the app role in the ambient context (db/wall/context.ts): the request's, or a withSystemContext block's. */
  db: Db;
  /** The same database bound to one fixed context (tests' fixtures, tools). */
  contextDb(context: DbContext): Db;
  close: () => Promise<void>;
}

export type PgliteHandle = HandleBase & { kind: 'pglite'; client: PGlite };
export type PostgresHandle = HandleBase & {
  kind: 'postgres';
  pool: pg.Pool;
  /** The owner's connection string. */
  url: string;
  /** The pool logs in as the app's own login (DATABASE_APP_URL), checked by checkAppLogin at start. */
  appLogin?: boolean;
};
export type DatabaseHandle = PgliteHandle | PostgresHandle;

/** How long a new connection may take to open before the database counts as away. */
const POOL_CONNECT_TIMEOUT_MS = 1500;

/** The pool's connections (pg-pool's documented `Client` option), each given up after POOL_CONNECT_TIMEOUT_MS. */
class QuickConnectClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS });
  }
}

/** The contrib extensions the migrations create; PGlite has to load their code first. */
export const pgliteExtensions = { pg_trgm, btree_gin };

export interface PgliteOpenOptions {
  /** A folder to keep the data in; omitted: in memory. */
  dataDir?: string;
  /** A dump made by PGlite.dumpDataDir, to start from (tests use a migrated template). */
  loadDataDir?: Blob | File;
}

/** The embedded database's folder exists but cannot be opened: the start stops and says what to do. */
export class DataFolderError extends Error {
  constructor(folder: string, cause: unknown) {
    super(
      `The embedded database in ${folder} cannot be opened (${cause instanceof Error ? cause.message : String(cause)}). ` +
        'Restore it from a backup with `npm run restore`, or move the folder away to start with an empty database.',
    );
    this.name = 'DataFolderError';
  }
}

export async function openPglite(options: PgliteOpenOptions = {}): Promise<PgliteHandle> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions,
  }).catch((error: unknown) => {
    throw options.dataDir ? new DataFolderError(path.resolve(options.dataDir), error) : error;
  });
  // A migrated database is used as the app role from the start; a new one stays the superuser's
  // until runMigrations has made the role (and then switches).
  await client.exec(`do $$ begin if exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then set role ${APP_ROLE}; end if; end $$`);
  return { kind: 'pglite', db: pgliteDb(client, ambientContext), contextDb: (context) => pgliteDb(client, () => context), client, close: () => client.close() };
}

/**
 * `connectionString` is the owner's (migrations and backups connect with it on their own);
 * the pool logs in with `appConnectionString` when given (DATABASE_APP_URL), else with the owner's.
 */
export interface PoolOptions {
  /**
   * Open every connection of the pool at once and keep them (pg.Pool's documented `min`): a
   * server's, so a burst after a quiet spell (a call centre's shift starting) is not also kept
   * waiting for connections being opened and their statements planned.
   */
  keepOpen?: boolean;
}

export function openPostgres(connectionString: string, poolSize = 10, appConnectionString?: string, { keepOpen = false }: PoolOptions = {}): PostgresHandle {
  // Every pooled connection works as the app role, never as the owner that migrates (db/migrate.ts
  // connects on its own). A missing role fails the connection rather than falling back to the owner.
  // Pipeline mode: the wall sends a statement with its context in one round trip (wall/scoped-db.ts).
  // A database that does not answer fails a request within POOL_CONNECT_TIMEOUT_MS (answered 503,
  // http/errors.ts) instead of holding it; once it is back the next request connects again. Only
  // connecting is limited: a request waiting its turn for a busy pool's connection still waits.
  const pool = new pg.Pool({
    connectionString: appConnectionString ?? connectionString,
    max: poolSize,
    min: keepOpen ? poolSize : 0,
    options: `-c role=${APP_ROLE}`,
    pipeline: true,
    Client: QuickConnectClient,
  });
  // A client losing its connection (the database stopped) must not crash the process: an idle one
  // the pool replaces; one checked out fails its statement, and the pool drops it when released.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  // A database not up yet is no error here: the pool opens connections again as requests come.
  if (keepOpen)
    void Promise.all(
      Array.from({ length: poolSize }, () =>
        pool.connect().then(
          (client) => client.release(),
          () => undefined,
        ),
      ),
    );
  return {
    kind: 'postgres',
    db: postgresDb(pool, ambientContext),
    contextDb: (context) => postgresDb(pool, () => context),
    pool,
    url: connectionString,
    appLogin: appConnectionString !== undefined,
    close: () => pool.end(),
  };
}

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR/pglite. */
export async function openDatabase(
  config: { databaseUrl?: string; databaseAppUrl?: string; dataDir: string },
  pool: PoolOptions = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, 10, config.databaseAppUrl, pool);
  return openPglite({ dataDir: `${config.dataDir}/pglite` });
}
