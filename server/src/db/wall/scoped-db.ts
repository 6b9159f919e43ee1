import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../types';
import * as schema from '../schema';
import { type ConnectionSource, ContextPool, type ContextSource } from './context-pool';
import { currentDbContext, MissingDbContextError } from './context';

export type { ConnectionSource, ContextSource } from './context-pool';

/** The request's (or the withSystemContext block's) context; no context is an error, never "see everything". */
export const ambientContext: ContextSource = () => {
  const context = currentDbContext();
  if (!context) throw new MissingDbContextError();
  return context;
};

/** PostgreSQL through drizzle's node-postgres driver, on a pool (or a replica's source) that carries the context (ContextPool). */
export function postgresDb(base: pg.Pool | ConnectionSource, source: ContextSource): Db {
  return drizzle({ client: new ContextPool(base, source), schema });
}
