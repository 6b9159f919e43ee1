import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Schema = typeof schema;
/**
 * A database as the repositories use it: drizzle's query builder over the tables of ./schema. No
 * relational queries (`db.query.*`): a database is made per caller (tenancy/database.ts), and drizzle
 * works out the schema's relations for each one it is given a schema for.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT, NoRelations, ExtractTablesWithRelations<NoRelations>>;
type NoRelations = Record<string, never>;
/** Repositories accept either, so a service can compose them inside one transaction. */
export type DbOrTx = Db | Tx;
