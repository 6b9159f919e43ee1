import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { pgliteExtensions, type Db, type DatabaseHandle } from '../db/client';
import * as schema from '../db/schema';

/**
 * A database as its owner (the test and bench PostgreSQL user is a superuser; PGlite's always is):
 * no app role, no context, so no tenant wall. For tests that compare whole databases, for building
 * bench data (drop and create indexes, vacuum) and for the bench's app with the wall off. Never the app's.
 */
export async function openOwner(target: string, poolSize = 4): Promise<DatabaseHandle> {
  if (target.startsWith('pglite:')) {
    const client = await PGlite.create({ dataDir: target.slice('pglite:'.length), extensions: pgliteExtensions });
    const db = drizzlePglite({ client, schema }) as Db;
    return { kind: 'pglite', db, contextDb: () => db, client, close: () => client.close() };
  }
  const pool = new pg.Pool({ connectionString: target, max: poolSize });
  const db = drizzlePg({ client: pool, schema }) as Db;
  return { kind: 'postgres', db, contextDb: () => db, pool, url: target, close: () => pool.end() };
}
