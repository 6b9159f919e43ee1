import crypto from 'node:crypto';
import fs from 'node:fs';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { adminQuery, withDatabase } from './postgres-admin';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the connections and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new uniquely
 * named database on DATABASE_URL's server; either a copy of the migrated template global-setup made.
 * migrationsFolder: migrated by that folder's migrations instead (a test of a migration runs the
 * ones before it, adds rows of the old shape, then runs it).
 */
export async function createTestDatabase({ migrationsFolder }: { migrationsFolder?: string } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `orbitra_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    const template = process.env.POSTGRES_TEST_TEMPLATE;
    const fromTemplate = !migrationsFolder && template !== undefined;
    await adminQuery(serverUrl, fromTemplate ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
    const handle = openPostgres(withDatabase(serverUrl, name), 5);
    if (!fromTemplate) await runMigrations(handle, migrationsFolder);
    return {
      handle,
      async dispose() {
        await handle.close();
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      },
    };
  }

  const template = process.env.PGLITE_TEMPLATE;
  if (!migrationsFolder && template && fs.existsSync(template)) {
    const handle = await openPglite({ loadDataDir: new Blob([fs.readFileSync(template)]) });
    return { handle, dispose: () => handle.close() };
  }
  const handle = await openPglite();
  await runMigrations(handle, migrationsFolder);
  return { handle, dispose: () => handle.close() };
}
