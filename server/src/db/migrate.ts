import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder as defaultMigrationsFolder } from '../server-paths';
import type { DatabaseHandle } from './client';
import { fillPhoneNumbers } from './phone-fill';
import { ENSURE_APP_ROLE_SQL } from './wall/app-role';

// Any fixed number: instances starting together take turns instead of migrating at once.
const MIGRATION_LOCK_KEY = 727_372_001;

/**
 * Applies the committed drizzle-kit migrations (server/drizzle) that have not run yet, as the owner
 * (DATABASE_URL's user, or the embedded default's owner), then makes sure the app role and its grants
 * exist. The app's own connections then work as that role (openPostgres).
 * timeZone: the server's days' zone (its TZ unless a test names another).
 */
export async function runMigrations(
  handle: Pick<DatabaseHandle, 'url'>,
  migrationsFolder = defaultMigrationsFolder,
  { timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone }: { timeZone?: string } = {},
): Promise<void> {
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
 * leaves its own.
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
