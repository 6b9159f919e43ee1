import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../types';
import { type ConnectionSource, ContextPool } from './context-pool';
import type { DbContext } from './context';

export type { ConnectionSource } from './context-pool';

/**
 * PostgreSQL through drizzle's node-postgres driver, on a pool (or a replica's source) whose every
 * statement carries `context` (ContextPool). Made per caller, so without a schema: drizzle would work
 * out the relations of every table again for each (0.6 ms), and nothing here uses relational queries.
 */
export function postgresDb(base: pg.Pool | ConnectionSource, context: DbContext): Db {
  return drizzle({ client: new ContextPool(base, context) });
}
