import type { PGlite, Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../client';
import * as schema from '../schema';
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
 * A pool for drizzle that runs each single statement in its own transaction with the context set:
 * `BEGIN; SELECT set_config(...)` as one simple query, the statement, `COMMIT`. The settings are
 * transaction-local, so nothing is left on a pooled connection. Connections come from `base`
 * (the constructor's own pool is never connected), so several context sources share one pool.
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
    return this.inContext(config, values);
  }

  private async inContext(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const begin = `begin; ${setContextSql(this.source())}`;
    const client = await this.base.connect();
    let result: pg.QueryResult;
    try {
      await client.query(begin);
      result = await client.query(config, values);
    } catch (error) {
      await client.query('rollback').then(
        () => client.release(),
        (rollbackError: Error) => client.release(rollbackError),
      );
      throw error;
    }
    const commit = client.query('commit').then(
      () => client.release(),
      (commitError: Error) => {
        client.release(commitError);
        throw commitError;
      },
    );
    // A read has nothing left to lose at commit: its answer goes out while the commit finishes
    // (the connection returns to the pool only after it). A write is answered once committed.
    if (isRead(config)) commit.catch(() => {});
    else await commit;
    return result;
  }
}

const READ = /^\s*select\b/i;

function isRead(config: pg.QueryConfig | string): boolean {
  const text = typeof config === 'string' ? config : config.text;
  return READ.test(text) && !/\bfor\s+(update|no key update|share|key share)\b/i.test(text);
}

export function postgresDb(base: pg.Pool, source: ContextSource): Db {
  return withContextTransactions(drizzlePg({ client: new ContextPool(base, source), schema }) as unknown as Db, source);
}

/** PGlite has one connection: single statements run in its own transaction() with the context set. */
export function pgliteDb(client: PGlite, source: ContextSource): Db {
  const scoped = {
    query: (text: string, params?: unknown[], options?: object) =>
      client.transaction(async (tx: Transaction) => {
        await tx.exec(setContextSql(source()));
        return tx.query(text, params, options);
      }),
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => client.transaction(work),
  } as unknown as PGlite;
  return withContextTransactions(drizzlePglite({ client: scoped, schema }) as unknown as Db, source);
}
