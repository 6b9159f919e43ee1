import crypto from 'node:crypto';
import { openPostgres, type DatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { adminQuery, withDatabase } from './postgres-admin';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the connections and drops the database. */
  dispose(): Promise<void>;
}

/** The suite's PostgreSQL server (global-setup.ts starts it and names it in DATABASE_URL). */
export function testServerUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run the server tests with jest, whose global setup starts their database.');
  return url;
}

/**
 * A fresh, migrated database for one test file: a new uniquely named database on the suite's server,
 * a copy of the migrated template global-setup made. migrationsFolder: migrated by that folder's
 * migrations instead (a test of a migration runs the ones before it, adds rows of the old shape, then
 * runs it).
 */
export async function createTestDatabase({ migrationsFolder }: { migrationsFolder?: string } = {}): Promise<TestDatabase> {
  const serverUrl = testServerUrl();
  const name = `orbitra_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const template = process.env.POSTGRES_TEST_TEMPLATE;
  const fromTemplate = !migrationsFolder && template !== undefined;
  await adminQuery(serverUrl, fromTemplate ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  const handle = openPostgres(withDatabase(serverUrl, name), undefined, { poolSize: 5 });
  if (!fromTemplate) await runMigrations(handle, migrationsFolder);
  return {
    handle,
    async dispose() {
      await handle.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
