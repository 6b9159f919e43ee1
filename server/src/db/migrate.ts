import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsFolder as defaultMigrationsFolder } from '../server-paths';
import type { DatabaseHandle } from './client';

// Any fixed number: instances starting together take turns instead of migrating at once.
const MIGRATION_LOCK_KEY = 727_372_001;

/** Applies the committed drizzle-kit migrations (server/drizzle) that have not run yet. */
export async function runMigrations(handle: DatabaseHandle, migrationsFolder = defaultMigrationsFolder): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const client = await handle.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
