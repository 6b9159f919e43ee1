import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder as defaultMigrationsFolder } from '../server-paths';
import type { DatabaseHandle, PgliteHandle } from './client';
import { fillPhoneNumbers } from './phone-fill';
import { APP_ROLE, ENSURE_APP_ROLE_SQL } from './wall/app-role';

// Any fixed number: instances starting together take turns instead of migrating at once.
const MIGRATION_LOCK_KEY = 727_372_001;

/**
 * Applies the committed drizzle-kit migrations (server/drizzle) that have not run yet, as the owner
 * (DATABASE_URL's user; on PGlite its superuser), then makes sure the app role and its grants exist.
 * The app's own connections then work as that role (openPostgres; switchToAppRole on PGlite).
 * timeZone: the server's days' zone (its TZ unless a test names another).
 */
export async function runMigrations(
  handle: DatabaseHandle,
  migrationsFolder = defaultMigrationsFolder,
  { timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone }: { timeZone?: string } = {},
): Promise<void> {
  if (handle.kind === 'pglite') {
    await handle.client.exec('reset role');
    await inTimeZone(
      timeZone,
      (text, params) => handle.client.query(text, params),
      () => migratePglite(drizzlePglite({ client: handle.client }), { migrationsFolder }),
    );
    await fillPhoneNumbers(async <T extends object>(text: string, params?: unknown[]) => (await handle.client.query<T>(text, params)).rows);
    await switchToAppRole(handle);
    return;
  }
  // Not a pooled connection: those work as the app role, which cannot migrate.
  const client = new pg.Client({ connectionString: handle.url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await inTimeZone(
        timeZone,
        (text, params) => client.query(text, params),
        () => migratePg(drizzlePg({ client }), { migrationsFolder }),
      );
      await fillPhoneNumbers(async <T extends object>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows);
      await client.query(ENSURE_APP_ROLE_SQL);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

type Query = (text: string, params?: unknown[]) => Promise<unknown>;

/**
 * Runs the migrations in the server's time zone (its TZ), so a migration that turns a moment into a
 * day (0034_calls.sql) finds the day the server counts it on. A zone the database does not know
 * leaves its own. PGlite's one connection is the app's too: it gets its zone back afterwards.
 */
async function inTimeZone(zone: string | undefined, query: Query, migrate: () => Promise<void>): Promise<void> {
  let set = false;
  if (zone) {
    try {
      await query("select set_config('TimeZone', $1, false)", [zone]);
      set = true;
    } catch {
      // Unknown to the database: its own zone stands.
    }
  }
  try {
    await migrate();
  } finally {
    if (set) await query('reset TimeZone');
  }
}

/**
 * PGlite has one connection and it is a superuser's, which row-level security never stops: switch it
 * to the app role once migrated (a database loaded from a migrated dump needs only this).
 */
async function switchToAppRole(handle: PgliteHandle): Promise<void> {
  await handle.client.exec(`reset role; ${ENSURE_APP_ROLE_SQL}; set role ${APP_ROLE}`);
}
