import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../types';
import * as schema from '../schema';
import { ContextPool, type ContextSource } from './context-pool';
import { CONTEXT_SQL, contextArgs, currentDbContext, MissingDbContextError } from './context';

export type { ContextSource } from './context-pool';

/** The request's (or the withSystemContext block's) context; no context is an error, never "see everything". */
export const ambientContext: ContextSource = () => {
  const context = currentDbContext();
  if (!context) throw new MissingDbContextError();
  return context;
};

/** PostgreSQL through drizzle's node-postgres driver, on a pool that carries the context (ContextPool). */
export function postgresDb(base: pg.Pool, source: ContextSource): Db {
  return drizzlePg({ client: new ContextPool(base, source), schema });
}

/**
 * The PGlite drizzle is given: the same database, seen through a Proxy that answers PGlite's two public
 * methods drizzle's PGlite driver runs statements with (`query` and `transaction`) by running them in
 * PGlite's documented `transaction()`, whose first statement sets the context with parameters. Every
 * statement, and each statement of a transaction, sees it, and it ends with the transaction. Every other
 * property is the database's own, bound to it, so its private state stays its own; a statement sent any
 * other way would run with no context, which the policies read as seeing nothing.
 */
function contextPglite(client: PGlite, source: ContextSource): PGlite {
  const transaction = <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => {
    const args = contextArgs(source());
    return client.transaction(async (tx) => {
      await tx.query(CONTEXT_SQL, args);
      return work(tx);
    });
  };
  const query = <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => transaction((tx) => tx.query<T>(text, params, options));
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function pgliteDb(client: PGlite, source: ContextSource): Db {
  return drizzlePglite({ client: contextPglite(client, source), schema });
}
