import pg from 'pg';
import { connectOrUnavailable } from '../database-away';
import { CONTEXT_SQL, contextArgs, SESSION_CONTEXT_RESET_SQL, SESSION_CONTEXT_SQL, type DbContext } from './context';

/**
 * Where a ContextPool's connections come from when that is not one pool: the read replica's
 * (db/read-replica.ts), which hands out the primary's while the replica is away.
 */
export interface ConnectionSource {
  /** Every pool a connection may come from: their connections have their context emptied when released. */
  pools: readonly pg.Pool[];
  /** A connection, its failure to come a DatabaseConnectError. */
  connect(): Promise<pg.PoolClient>;
  /**
   * A statement (or a transaction's context) sent on `client` failed with `error`, and the connection
   * has been released: whether to send it once more on the connection connect() hands out next. Only
   * for work that changed nothing: a read, its transaction rolled back.
   */
  sendAgain(client: pg.PoolClient, error: unknown): boolean;
}

/** One pool, as ContextPool takes it. */
function onePool(pool: pg.Pool): ConnectionSource {
  return { pools: [pool], connect: () => connectOrUnavailable(pool), sendAgain: () => false };
}

/**
 * The context statements as node-postgres runs them: named statements, so each connection parses and
 * plans them once and later requests only bind their values.
 */
const contextQuery = (args: string[]): pg.QueryConfig => ({ name: 'orbitra_context', text: CONTEXT_SQL, values: args });
const sessionContextQuery = (args: string[]): pg.QueryConfig => ({ name: 'orbitra_session_context', text: SESSION_CONTEXT_SQL, values: args });
const RESET_QUERY: pg.QueryConfig = { name: 'orbitra_session_context_reset', text: SESSION_CONTEXT_RESET_SQL };

/** Errors of the server (with an SQLSTATE) leave the connection sound; anything else may not. */
function isConnectionError(error: unknown): error is Error {
  return error instanceof Error && !('code' in error && typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code));
}

/** The first failure of steps sent together, in the order they were sent, or their results. */
async function allOrFirstError<T extends unknown[]>(steps: { [K in keyof T]: Promise<T[K]> }): Promise<{ results: T } | { error: unknown }> {
  const outcomes = await Promise.allSettled(steps);
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) return { error: failed.reason };
  return { results: outcomes.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as T };
}

/**
 * How long a transaction's connection that broke may stay unreleased before it is released with its
 * error: drizzle releases it itself once the transaction's work has ended, except when its BEGIN
 * failed, where it never does (the pool would lose the connection's place for good).
 */
const BROKEN_CONNECTION_GRACE_MS = 5000;

// Connections handed to a transaction with a session context, until they are released, with the
// listener that watches each for a broken connection during that transaction.
const contextCarriers = new WeakMap<pg.PoolClient, () => void>();
const watchedPools = new WeakSet<pg.Pool>();

/**
 * Takes a transaction's context off its connection when it goes back to the pool. node-postgres emits
 * 'release' before the connection can be handed out again, and a connection runs its queries in the
 * order they were sent, so the reset runs before any statement of the next caller. A reset that fails
 * closes the connection: the next caller gets a connection error, never the last user's context.
 */
function resetContextOnRelease(pool: pg.Pool): void {
  if (watchedPools.has(pool)) return;
  watchedPools.add(pool);
  pool.on('release', (error, client) => {
    const onEnd = contextCarriers.get(client);
    if (!onEnd) return;
    contextCarriers.delete(client);
    client.removeListener('end', onEnd);
    if (error) return;
    client.query(RESET_QUERY).catch(() => void client.end().catch(() => undefined));
  });
}

type QueryText = string | pg.QueryConfig;
type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: Error | boolean) => void) => void;

/**
 * The pool drizzle's node-postgres driver is given for PostgreSQL: a pg.Pool whose statements and
 * transactions all carry the tenant wall's context. It opens no connections of its own; they come from
 * `base`, created with node-postgres' documented pipeline mode (`pipeline: true`): queries written one
 * after another go out without waiting for the answers, each ended by its own Sync.
 *
 * - A statement (`query`) is sent as `BEGIN; <context>; <statement>; COMMIT` in one round trip, its
 *   parameters kept as parameters. If the context or the statement fails, the transaction is aborted
 *   and the COMMIT answers ROLLBACK: nothing is left on the connection.
 * - A transaction's connection (`connect`) gets the context for its session before it is handed out
 *   (a context that fails leaves nothing: the setting is undone with its failed statement), and the
 *   settings are emptied again when it is released (resetContextOnRelease).
 * A connection that broke is released with its error, so the pool drops it.
 */
export class ContextPool extends pg.Pool {
  private readonly connections: ConnectionSource;

  constructor(
    base: pg.Pool | ConnectionSource,
    private readonly context: DbContext,
  ) {
    super();
    this.connections = base instanceof pg.Pool ? onePool(base) : base;
    for (const pool of this.connections.pools) resetContextOnRelease(pool);
  }

  override query<T extends pg.Submittable>(queryStream: T): T;
  override query<R extends unknown[] = unknown[], I = unknown[]>(
    config: pg.QueryArrayConfig<I>,
    values?: pg.QueryConfigValues<I>,
  ): Promise<pg.QueryArrayResult<R>>;
  override query<R extends pg.QueryResultRow = pg.QueryResultRow, I = unknown[]>(config: pg.QueryConfig<I>): Promise<pg.QueryResult<R>>;
  override query<R extends pg.QueryResultRow = pg.QueryResultRow, I = unknown[]>(
    textOrConfig: string | pg.QueryConfig<I>,
    values?: pg.QueryConfigValues<I>,
  ): Promise<pg.QueryResult<R>>;
  override query<R extends unknown[] = unknown[], I = unknown[]>(
    config: pg.QueryArrayConfig<I>,
    callback: (error: Error, result: pg.QueryArrayResult<R>) => void,
  ): void;
  override query<R extends pg.QueryResultRow = pg.QueryResultRow, I = unknown[]>(
    textOrConfig: string | pg.QueryConfig<I>,
    callback: (error: Error, result: pg.QueryResult<R>) => void,
  ): void;
  override query<R extends pg.QueryResultRow = pg.QueryResultRow, I = unknown[]>(
    text: string,
    values: pg.QueryConfigValues<I>,
    callback: (error: Error, result: pg.QueryResult<R>) => void,
  ): void;
  override query(config: QueryText | pg.Submittable, values?: unknown, callback?: unknown): Promise<pg.QueryResult> {
    // drizzle uses promises; a caller that passes a callback or a stream is told so rather than served half.
    if (typeof config === 'object' && 'submit' in config) throw new Error('A stream cannot carry the tenant wall: run it on a connection from connect().');
    if (typeof values === 'function' || callback !== undefined) throw new Error('The tenant wall answers queries with promises only.');
    return this.statementInContext(config, Array.isArray(values) ? values : undefined);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const connecting = this.connectInContext();
    if (!callback) return connecting;
    connecting.then(
      (client) => callback(undefined, client, (release) => client.release(release)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }

  private async statementInContext(config: QueryText, values?: unknown[], again = true): Promise<pg.QueryResult> {
    const args = contextArgs(this.context);
    const client = await this.connections.connect();
    const sent = await allOrFirstError<[pg.QueryResult, pg.QueryResult, pg.QueryResult, pg.QueryResult]>([
      client.query('begin'),
      client.query(contextQuery(args)),
      client.query(config, values),
      client.query('commit'),
    ]);
    if ('error' in sent) {
      client.release(isConnectionError(sent.error) ? sent.error : undefined);
      if (again && this.connections.sendAgain(client, sent.error)) return this.statementInContext(config, values, false);
      throw sent.error;
    }
    client.release();
    return sent.results[2];
  }

  private async connectInContext(again = true): Promise<pg.PoolClient> {
    const args = contextArgs(this.context);
    const client = await this.connections.connect();
    try {
      await client.query(sessionContextQuery(args));
    } catch (error) {
      client.release(isConnectionError(error) ? error : undefined);
      if (again && this.connections.sendAgain(client, error)) return this.connectInContext(false);
      throw error;
    }
    const onEnd = () =>
      setTimeout(() => {
        if (contextCarriers.get(client) === onEnd) client.release(new Error('Connection terminated during a transaction.'));
      }, BROKEN_CONNECTION_GRACE_MS).unref();
    contextCarriers.set(client, onEnd);
    client.once('end', onEnd);
    return client;
  }
}
