import type { PGlite, Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../types';
import * as schema from '../schema';
import { CONTEXT_SQL, contextArgs, currentDbContext, MissingDbContextError, type DbContext } from './context';

/** Where a database handle finds the context of the statement it is about to run. */
export type ContextSource = () => DbContext;

/** The request's (or the withSystemContext block's) context; no context is an error, never "see everything". */
export const ambientContext: ContextSource = () => {
  const context = currentDbContext();
  if (!context) throw new MissingDbContextError();
  return context;
};

/**
 * The context statement as node-postgres runs it: a named statement, so each connection parses and
 * plans it once and later requests only bind their values.
 */
const contextQuery = (args: string[]): pg.QueryConfig => ({ name: 'orbitra_context', text: CONTEXT_SQL, values: args });

/** Errors of the server (with an SQLSTATE) leave the connection sound; anything else may not. */
function isConnectionError(error: unknown): boolean {
  return !(error instanceof Error && 'code' in error && typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code));
}

/** The first failure of steps sent together, in the order they were sent, or their results. */
async function allOrFirstError<T extends unknown[]>(steps: { [K in keyof T]: Promise<T[K]> }): Promise<{ results: T } | { error: unknown }> {
  const outcomes = await Promise.allSettled(steps);
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) return { error: failed.reason };
  return { results: outcomes.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as T };
}

type QueryText = string | pg.QueryConfig;

/**
 * The client drizzle's node-postgres session is given for PostgreSQL (drizzle 0.45.4, pinned: it
 * treats a client whose class name holds "Pool" as a pool, sends each statement outside a
 * transaction to `query(config, values)`, and takes `connect()`'s client for a transaction, whose
 * first statement is its BEGIN).
 *
 * Connections come from `base`, created with node-postgres' documented pipeline mode
 * (`pipeline: true`): queries written one after another go out without waiting for the answers,
 * each ended by its own Sync. A statement outside a transaction is sent as
 * `BEGIN; <context>; <statement>; COMMIT` in one round trip, its parameters kept as parameters.
 * If the context or the statement fails, the transaction is aborted and the COMMIT answers ROLLBACK:
 * nothing is left on the connection, which goes back to the pool for the next context.
 */
class ContextPool {
  constructor(
    private readonly base: pg.Pool,
    private readonly source: ContextSource,
  ) {}

  async query(config: QueryText, values?: unknown[]): Promise<pg.QueryResult> {
    const args = contextArgs(this.source());
    const client = await this.base.connect();
    const sent = await allOrFirstError<[pg.QueryResult, pg.QueryResult, pg.QueryResult, pg.QueryResult]>([
      client.query('begin'),
      client.query(contextQuery(args)),
      client.query(config, values),
      client.query('commit'),
    ]);
    if ('error' in sent) {
      client.release(isConnectionError(sent.error) ? (sent.error as Error) : undefined);
      throw sent.error;
    }
    client.release();
    return sent.results[2];
  }

  async connect(): Promise<ContextTransactionClient> {
    const args = contextArgs(this.source());
    return new ContextTransactionClient(await this.base.connect(), args);
  }
}

/**
 * A pooled connection for one drizzle transaction: the context statement is sent right behind
 * drizzle's BEGIN, in the same round trip, so every statement of the transaction sees it.
 */
class ContextTransactionClient {
  private begun = false;
  private released = false;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly args: string[],
  ) {}

  async query(config: QueryText, values?: unknown[]): Promise<pg.QueryResult> {
    if (this.begun) return this.client.query(config, values);
    this.begun = true;
    const text = typeof config === 'string' ? config : config.text;
    // Anything but a BEGIN first would run without the context: refused, and the connection returned.
    const sent = /^begin\b/i.test(text)
      ? await allOrFirstError<[pg.QueryResult, pg.QueryResult]>([this.client.query(config, values), this.client.query(contextQuery(this.args))])
      : { error: new Error('A transaction of the tenant wall must start with BEGIN.') };
    if ('error' in sent) {
      // drizzle neither rolls back nor releases when its BEGIN fails.
      await this.client.query('rollback').catch(() => undefined);
      this.release(isConnectionError(sent.error) ? (sent.error as Error) : undefined);
      throw sent.error;
    }
    return sent.results[0];
  }

  release(error?: Error | boolean): void {
    if (this.released) return;
    this.released = true;
    this.client.release(error);
  }
}

export function postgresDb(base: pg.Pool, source: ContextSource): Db {
  // Our own client, shaped as drizzle uses one (see ContextPool), in place of a pg.Pool.
  return drizzlePg({ client: new ContextPool(base, source) as unknown as pg.Pool, schema }) as Db;
}

/**
 * The client drizzle's PGlite session is given (drizzle 0.45.4, pinned: it sends each statement
 * outside a transaction to `query(text, params, options)` and a transaction to `transaction(work)`).
 * Both run in PGlite's documented `transaction()`, whose first statement sets the context with
 * parameters: every statement, and each statement of a transaction, sees it, and it ends with the
 * transaction.
 */
class ContextPglite {
  constructor(
    private readonly client: PGlite,
    private readonly source: ContextSource,
  ) {}

  query(text: string, params?: unknown[], options?: object) {
    return this.transaction((tx) => tx.query(text, params, options));
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const args = contextArgs(this.source());
    return this.client.transaction(async (tx) => {
      await tx.query(CONTEXT_SQL, args);
      return work(tx);
    });
  }
}

export function pgliteDb(client: PGlite, source: ContextSource): Db {
  // Our own client, shaped as drizzle uses one (see ContextPglite), in place of a PGlite.
  return drizzlePglite({ client: new ContextPglite(client, source) as unknown as PGlite, schema }) as Db;
}
