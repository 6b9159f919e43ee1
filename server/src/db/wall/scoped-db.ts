import type { PGlite, Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../client';
import * as schema from '../schema';
import { inlineParams } from './inline-params';
import { queryInContext } from './context-query';
import { contextArgs, currentDbContext, MissingDbContextError, setContextSql, type DbContext } from './context';

/** Where a database handle finds the context of the statement it is about to run. */
export type ContextSource = () => DbContext;

/** The request's (or the withSystemContext block's) context; no context is an error, never "see everything". */
export const ambientContext: ContextSource = () => {
  const context = currentDbContext();
  if (!context) throw new MissingDbContextError();
  return context;
};

/** PGlite's transactions set the context as their first statement, so every statement inside sees it. */
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
 * A pool for drizzle that runs each single statement in its own transaction with the context set,
 * in one round trip and with its parameters kept as parameters (context-query.ts): named
 * statements keep their plans, values keep their types, and nothing is rewritten.
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
    // drizzle connects for a transaction only: its BEGIN carries the context (one round trip less).
    const context = setContextSql(this.source());
    return this.base.connect().then((client) => beginWithContext(client, context));
  }

  // drizzle calls query(config, values) and awaits it; the callback forms are not used.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any): any {
    const args = contextArgs(this.source());
    const query = (typeof config === 'string' ? { text: config } : config) as pg.QueryConfig;
    return this.run(args, query, values);
  }

  private async run(args: readonly string[], query: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const client = await this.base.connect();
    try {
      const result = await queryInContext(client, args, query, values);
      client.release();
      return result;
    } catch (error) {
      // A failed statement leaves no transaction open (the implicit one ends at its Sync); a
      // broken connection is dropped by the pool.
      client.release(isConnectionError(error) ? (error as Error) : undefined);
      throw error;
    }
  }
}

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

/**
 * The client's next query, drizzle's `BEGIN`, goes as one simple query with the context's settings,
 * which then hold for the whole transaction.
 */
function beginWithContext(client: pg.PoolClient, context: string): pg.PoolClient {
  const query = client.query as unknown as (config: unknown, values?: unknown) => Promise<pg.QueryResult | pg.QueryResult[]>;
  client.query = function (config: string | pg.QueryConfig, values?: unknown) {
    client.query = query as unknown as typeof client.query;
    const text = typeof config === 'string' ? config : config.text;
    // Anything else runs as it is, with no context: it sees no tenant's rows.
    if (!/^begin\b/i.test(text) || (Array.isArray(values) && values.length > 0)) return query.call(client, config, values);
    const withContext = typeof config === 'string' ? `${text}; ${context}` : { ...config, text: `${text}; ${context}` };
    return query.call(client, withContext).then(lastResult);
  } as unknown as typeof client.query;
  return client;
}

/** A simple query of several statements answers one result each; the statement's is the last. */
function lastResult<T>(results: T | T[]): T {
  return Array.isArray(results) ? (results.at(-1) as T) : results;
}

export function postgresDb(base: pg.Pool, source: ContextSource): Db {
  return drizzlePg({ client: new ContextPool(base, source), schema }) as unknown as Db;
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
