import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder as defaultMigrationsFolder, policiesFile } from '../server-paths';
import { fillPhoneNumbers } from './phone-fill';
import { ENSURE_APP_ROLE_SQL } from './wall/app-role';
import { applyPolicies, readPoliciesFile } from './wall/policies';

// Any fixed number: instances starting together take turns instead of migrating at once.
const MIGRATION_LOCK_KEY = 727_372_001;

/**
 * Applies the committed drizzle-kit migrations (server/drizzle) that have not run yet, as the owner
 * (DATABASE_URL's user, or the embedded default's owner), then makes sure the app role and its grants
 * exist, and the row-level security is policies.sql's. The app's own connections then work as that
 * role (openPostgres).
 * timeZone: the server's days' zone (its TZ unless a test names another). warn: the start's log.
 */
export async function runMigrations(
  // Only the owner's connection string (a DatabaseHandle has it): client.ts opens databases that move old data in through here.
  handle: { url: string },
  migrationsFolder = defaultMigrationsFolder,
  {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
    warn = (line: string) => console.warn(line),
  }: { timeZone?: string; warn?: (line: string) => void } = {},
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
      await applyWall(client, warn);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/**
 * The wall of policies.sql, exactly, on a database at exactly this version's migrations, whose tables
 * the file names. A database short of them (a restore first brought to its backup's level) gets it
 * once migrated; the database of a newer version keeps that version's wall, so an instance of this
 * one starting beside the newer ones does not undo it. The start logs what it changed or removed.
 */
async function applyWall(client: pg.Client, warn: (line: string) => void): Promise<void> {
  const code = readMigrationFiles({ migrationsFolder: defaultMigrationsFolder });
  const [applied] = (
    await client.query<{ count: number; last: string | null }>(
      'select count(*)::int as count, (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as last from drizzle.__drizzle_migrations',
    )
  ).rows;
  if (applied.count > code.length)
    warn(`The database has ${applied.count} migrations and this version of the app ${code.length}: its row-level security stays as the newer version left it.`);
  if (applied.count !== code.length || applied.last !== code.at(-1)?.hash) return;
  const drift = await applyPolicies(client, readPoliciesFile(policiesFile));
  for (const line of drift.toApply) warn(`Row-level security brought to server/src/db/wall/policies.sql's: ${line}`);
  for (const line of drift.toRemove) warn(`Row-level security that server/src/db/wall/policies.sql does not state, removed: ${line}`);
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
