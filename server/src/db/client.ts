import pg from 'pg';
import type { Db } from './types';
import type { DbContext } from './wall/context';
import { TableCopyFormatError } from './backup/table-copy';
import { ClusterError } from './embedded/cluster';
import { startEmbeddedDatabase } from './embedded/embedded-database';
import { moveOldEmbeddedFolder, type MovedFolder } from './embedded/pglite-move';
import { postgresDb } from './wall/scoped-db';
import { APP_ROLE } from './wall/app-role';
import { primaryReads, replicaReads, type Reads } from './read-replica';

export type { Db, DbOrTx, Schema, Tx } from './types';

export interface DatabaseHandle {
  /**
   * The database as the app role, every statement carrying `context` to the wall: handed out per caller
   * as a handle of their scope (tenancy/database.ts), or to a tool or fixture with a system context.
   */
  contextDb(context: DbContext): Db;
  /** Where reports, list exports and the dashboard's counts read: the replica (DATABASE_READ_URL), else this database. */
  reads: Reads;
  /** The replica's app pool, with DATABASE_READ_URL; `readAppLogin` when it logs in as DATABASE_READ_APP_URL (checked at start). */
  readPool?: pg.Pool;
  readAppLogin?: boolean;
  pool: pg.Pool;
  /** The owner's connection string (migrations, backups and the job queue connect with it on their own). */
  url: string;
  /** The pool logs in as the app's own login (DATABASE_APP_URL, or the embedded default's), checked by checkAppLogin at start. */
  appLogin: boolean;
  /** What the start log says the database is. */
  description: string;
  /** The embedded data folder from before, moved into this database at this start. */
  moved?: MovedFolder;
  close: () => Promise<void>;
}

/** How long a new connection may take to open before the database counts as away. */
const POOL_CONNECT_TIMEOUT_MS = 1500;

/**
 * How long a statement sent may go unanswered before its connection is given up and the request
 * answered 503: longer than any statement timeout the app sets (an export's 60 s), so a database that
 * answers always ends its own statements first; a frozen one (a stopped or hung server, which TCP
 * still acknowledges) no longer holds requests for good.
 */
export const ANSWER_TIMEOUT_MS = 65_000;

/** The pool's connections (pg-pool's documented `Client` option), each given up after POOL_CONNECT_TIMEOUT_MS. */
class QuickConnectClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS });
  }
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
  poolSize?: number;
  description?: string;
  /** ANSWER_TIMEOUT_MS unless given (tests freeze a database for less). */
  answerTimeoutMs?: number;
}

/**
 * A pool whose every connection works as the app role, never as the owner that migrates (db/migrate.ts
 * connects on its own): logged in with `appConnectionString` when given, else with the owner's and
 * switched to the role. A missing role fails the connection rather than falling back to the owner.
 * Pipeline mode (node-postgres' `pipeline`): a statement outside a transaction goes out as BEGIN, its
 * context, the statement and COMMIT in one round trip; a transaction's connection gets its context
 * for the session before its BEGIN, and has it taken off again when released (wall/context-pool.ts).
 * A database that does not answer fails a request within POOL_CONNECT_TIMEOUT_MS (answered 503,
 * http/errors.ts) instead of holding it; once it is back the next request connects again. A
 * statement that gets no answer within `answerTimeoutMs` (node-postgres' documented `query_timeout`)
 * fails the same way, and its connection is closed. A request waiting its turn for a busy pool's
 * connection still waits.
 */
export function appPool(
  connectionString: string,
  appConnectionString: string | undefined,
  { keepOpen = false, poolSize = 10, answerTimeoutMs = ANSWER_TIMEOUT_MS }: PoolOptions = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: appConnectionString ?? connectionString,
    max: poolSize,
    min: keepOpen ? poolSize : 0,
    options: `-c role=${APP_ROLE}`,
    pipeline: true,
    query_timeout: answerTimeoutMs,
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
  return pool;
}

export function openPostgres(
  connectionString: string,
  appConnectionString?: string,
  { description = 'PostgreSQL', ...options }: PoolOptions = {},
): DatabaseHandle {
  const pool = appPool(connectionString, appConnectionString, options);
  const contextDb = (context: DbContext) => postgresDb(pool, context);
  return {
    contextDb,
    reads: primaryReads(contextDb),
    pool,
    url: connectionString,
    appLogin: appConnectionString !== undefined,
    description,
    close: () => pool.end(),
  };
}

/**
 * DATABASE_URL's PostgreSQL when it is set, else the embedded default: a PostgreSQL of the server's own
 * in DATA_DIR/postgres, started here and stopped by the handle's close().
 */
export async function openDatabase(
  config: {
    databaseUrl?: string;
    databaseAppUrl?: string;
    databaseReadUrl?: string;
    databaseReadAppUrl?: string;
    dataDir: string;
    embeddedDatabasePort?: number;
  },
  pool: PoolOptions = {},
  log?: (line: string) => void,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const description = config.databaseAppUrl ? 'PostgreSQL (DATABASE_URL; the app logs in with DATABASE_APP_URL)' : 'PostgreSQL (DATABASE_URL)';
    const handle = openPostgres(config.databaseUrl, config.databaseAppUrl, { description, ...pool });
    return config.databaseReadUrl ? withReadReplica(handle, config.databaseReadUrl, config.databaseReadAppUrl, pool) : handle;
  }
  const embedded = await startEmbeddedDatabase({ dataDir: config.dataDir, port: config.embeddedDatabasePort, log });
  let moved: MovedFolder | undefined;
  try {
    moved = await moveOldEmbeddedFolder(config.dataDir, embedded.ownerUrl);
  } catch (error) {
    await embedded.stop().catch(() => undefined);
    throw error instanceof TableCopyFormatError ? new ClusterError(`The embedded data folder from before cannot be moved: ${error.message}`) : error;
  }
  const handle = openPostgres(embedded.ownerUrl, embedded.appUrl, {
    description: `embedded PostgreSQL in ${config.dataDir}/postgres, port ${embedded.port}`,
    ...pool,
  });
  return {
    ...handle,
    moved,
    async close() {
      await handle.close();
      await embedded.stop();
    },
  };
}

/**
 * The handle with reads from a replica of its database (DATABASE_READ_URL): the replica's own app
 * pool, logged in as DATABASE_READ_APP_URL's role or as DATABASE_READ_URL's switched to the app role,
 * exactly as the primary's. Closed with the handle.
 */
export function withReadReplica(handle: DatabaseHandle, readUrl: string, readAppUrl: string | undefined, options: PoolOptions = {}): DatabaseHandle {
  const readPool = appPool(readUrl, readAppUrl, options);
  const where = readAppUrl ? 'DATABASE_READ_URL; it logs in with DATABASE_READ_APP_URL' : 'DATABASE_READ_URL';
  return {
    ...handle,
    reads: replicaReads(readPool, handle.pool),
    readPool,
    readAppLogin: readAppUrl !== undefined,
    description: `${handle.description}; reports, exports and dashboard counts from a replica (${where})`,
    async close() {
      await readPool.end();
      await handle.close();
    },
  };
}
