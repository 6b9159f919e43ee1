import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the connections and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default (from the template
 * that global-setup made), or a new uniquely named database on DATABASE_URL's server.
 * migrationsFolder: migrated by that folder's migrations instead (a test of a migration runs the
 * ones before it, adds rows of the old shape, then runs it).
 */
export async function createTestDatabase({ migrationsFolder }: { migrationsFolder?: string } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `orbitra_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}"`);
    } finally {
      await admin.end();
    }
    const handle = openPostgres(withDatabase(serverUrl, name), 5);
    await runMigrations(handle, migrationsFolder);
    return {
      handle,
      async dispose() {
        await handle.close();
        const dropper = new pg.Client({ connectionString: serverUrl });
        await dropper.connect();
        try {
          await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        } finally {
          await dropper.end();
        }
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
