import type { PGlite, Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../client';
import * as schema from '../schema';
import { inlineParams, literalsOf } from './inline-params';
import { currentDbContext, MissingDbContextError, setContextSql, type DbContext } from './context';

/** Where a database handle finds the context of the statement it is about to run. */
export type ContextSource = () => DbContext;

/** The request's (or the withSystemContext block's) context; no context is an error, never "see everything". */
export const ambientContext: ContextSource = () => {
  const context = currentDbContext();
  if (!context) throw new MissingDbContextError();
  return context;
};

/** Transactions set the context as their first statement, so every statement inside sees it. */
function withContextTransactions(db: Db, source: ContextSource): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    const context = setContextSql(source());
    return transaction(async (tx) => {
      await tx.execute(sql.raw(context));
      return work(tx);
    }, config);
  }) as Db['transaction'];
  return db;
}

/**
 * A pool for drizzle that runs each single statement in its own transaction with the context set.
 * Usually one round trip: `SELECT set_config(...); <statement with its values inlined>` as one simple
 * query, which PostgreSQL runs as one implicit transaction (the settings are transaction-local, so
 * nothing is left on a pooled connection, and a write is committed before it is answered). A
 * statement inlineParams cannot rewrite goes the long way: `BEGIN; set_config`, the statement, `COMMIT`.
 * Connections come from `base` (the constructor's own pool is never connected), so several context
 * sources share one pool.
 */
class ContextPool extends pg.Pool {
  constructor(
    private readonly base: pg.Pool,
    private readonly source: ContextSource,
  ) {
    super({ max: 1 });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) return this.base.connect(callback);
    return this.base.connect();
  }

  // drizzle calls query(config, values) and awaits it; the callback forms are not used.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any): any {
    const context = setContextSql(this.source());
    const query = (typeof config === 'string' ? { text: config } : config) as pg.QueryConfig;
    if (query.name) return this.prepared(context, query, values ?? []);
    const inlined = inlineParams(query.text, values);
    if (inlined === null) return this.longWay(context, query, values);
    return this.base.query({ ...query, text: `${context}; ${inlined}` }).then((results: unknown) => lastResult(results as pg.QueryResult | pg.QueryResult[]));
  }

  /**
   * A named statement keeps its plan: it is prepared once per connection with SQL `PREPARE` (under
   * a name of its own, apart from the protocol-level names node-postgres keeps), then each run is
   * `SELECT set_config(...); EXECUTE name(values)` in one round trip.
   */
  private async prepared(context: string, query: pg.QueryConfig, values: unknown[]): Promise<pg.QueryResult> {
    const args = literalsOf(values);
    if (args === null) return this.longWay(context, query, values);
    const name = pg.escapeIdentifier(`wall_${query.name}`);
    const client = await this.base.connect();
    try {
      let names = preparedNames.get(client);
      if (!names) preparedNames.set(client, (names = new Set()));
      if (!names.has(name)) {
        await client.query(`prepare ${name} as ${query.text}`);
        names.add(name);
      }
      const execute = `${context}; execute ${name}${args.length > 0 ? `(${args.join(', ')})` : ''}`;
      const results: unknown = await client.query({ ...query, name: undefined, text: execute });
      client.release();
      return lastResult(results as pg.QueryResult | pg.QueryResult[]);
    } catch (error) {
      // A failed statement leaves no transaction open (the implicit one ends with it); a broken
      // connection is dropped by the pool.
      client.release(isConnectionError(error) ? (error as Error) : undefined);
      throw error;
    }
  }

  private async longWay(context: string, config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const client = await this.base.connect();
    try {
      await client.query(`begin; ${context}`);
      const result = await client.query(config, values);
      await client.query('commit');
      client.release();
      return result;
    } catch (error) {
      await client.query('rollback').then(
        () => client.release(),
        (rollbackError: Error) => client.release(rollbackError),
      );
      throw error;
    }
  }
}

/** The statements SQL-prepared on each pooled connection. */
const preparedNames = new WeakMap<pg.PoolClient, Set<string>>();

/** Errors of the server (with an SQLSTATE) leave the connection sound; anything else may not. */
function isConnectionError(error: unknown): boolean {
  return !(
    error &&
    typeof error === 'object' &&
    'code' in error &&
    typeof (error as { code: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code)
  );
}

/** A simple query of several statements answers one result each; the statement's is the last. */
function lastResult<T>(results: T | T[]): T {
  return Array.isArray(results) ? (results.at(-1) as T) : results;
}

export function postgresDb(base: pg.Pool, source: ContextSource): Db {
  return withContextTransactions(drizzlePg({ client: new ContextPool(base, source), schema }) as unknown as Db, source);
}

/**
 * PGlite has one connection: a single statement goes, with its values inlined, in one `exec` behind
 * the context (one implicit transaction); one inlineParams cannot rewrite runs in its own
 * transaction() with the context set first.
 */
export function pgliteDb(client: PGlite, source: ContextSource): Db {
  const scoped = {
    query: (text: string, params?: unknown[], options?: object) => {
      const context = setContextSql(source());
      const inlined = inlineParams(text, params);
      if (inlined !== null) return client.exec(`${context}; ${inlined}`, options).then(lastResult);
      return client.transaction(async (tx: Transaction) => {
        await tx.exec(context);
        return tx.query(text, params, options);
      });
    },
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => client.transaction(work),
  } as unknown as PGlite;
  return withContextTransactions(drizzlePglite({ client: scoped, schema }) as unknown as Db, source);
}
