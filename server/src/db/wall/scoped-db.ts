import type { PGlite, Transaction } from '@electric-sql/pglite';
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
 * The client drizzle's PGlite session is given (drizzle 0.45.4, pinned: its driver is typed for a
 * `PGlite` instance only, a class with private fields, so no object of ours passes without a cast, and a
 * PGlite subclass would be a second database; it sends each statement
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
