import { primaryReads, type Reads } from '../db/read-replica';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../db/client';

export interface OwnerDatabase {
  db: Db;
  /** The same owner's database whatever the context (there is no wall to give it to). */
  contextDb(context: unknown): Db;
  /** Reads go to the same owner's database. */
  reads: Reads;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

/**
 * A database as its owner (the test and bench PostgreSQL user is a superuser): no app role, no
 * context, so no tenant wall. For tests that compare whole databases, for building bench data (drop
 * and create indexes, vacuum) and for the bench's app with the wall off. Never the app's.
 */
export function openOwner(url: string, poolSize = 4): OwnerDatabase {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzle({ client: pool });
  return { db, contextDb: () => db, reads: primaryReads(() => db), pool, url, close: () => pool.end() };
}

/** Runs work as the database's owner (a superuser in the tests), whom neither grants nor the tenant wall stop. */
export async function withOwner<T>(url: string, work: (db: Db) => Promise<T>): Promise<T> {
  const owner = openOwner(url);
  try {
    return await work(owner.db);
  } finally {
    await owner.close();
  }
}
