import crypto from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf } from '../raw-sql';
import { tempDir } from '../../testing/test-app';
import { backupDatabase, BackupError, restoreDatabase, type BackupTarget } from '../backup';
import { openDatabase, type DatabaseHandle } from '../client';
import { runMigrations } from '../migrate';
import { DEMO_TENANT, seedDemo } from '../../seed/seed';
import { tenants } from '../schema';
import { withSystemContext } from '../wall/context';
import { openOwner } from '../../testing/owner-db';

/** Both sides on the suite's kind of database: PostgreSQL databases when DATABASE_URL is set, else PGlite data folders. */
const serverUrl = process.env.DATABASE_URL;
let folder: ReturnType<typeof tempDir>;
const created: string[] = [];

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function newTarget(name: string): Promise<BackupTarget> {
  if (!serverUrl) return { dataDir: path.join(folder.dir, name) };
  const database = `orbitra_backup_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${database}"`);
  created.push(database);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return { databaseUrl: url.toString(), dataDir: folder.dir };
}

async function withDatabase<T>(target: BackupTarget, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase(target);
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/** Every table of the app and of the migrations, each as its row count and a digest of its rows. */
/** The database as its owner: the migrations' own table and every tenant's rows, past the app role's wall. */
async function asOwner<T>(target: BackupTarget, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openOwner(target.databaseUrl ?? `pglite:${path.join(target.dataDir, 'pglite')}`);
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

async function contents(target: BackupTarget): Promise<Record<string, string>> {
  return asOwner(target, async ({ db }) => {
    const tables = rowsOf<{ name: string }>(
      await db.execute(sql`select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1`),
    );
    const out: Record<string, string> = {};
    for (const { name } of tables) {
      const [row] = rowsOf<{ n: unknown; digest: string | null }>(
        await db.execute(sql.raw(`select count(*) as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${name} t`)),
      );
      out[name] = `${Number(row.n)} rows, ${row.digest ?? '-'}`;
    }
    return out;
  });
}

beforeAll(() => {
  folder = tempDir('orbitra-backup-');
});
afterAll(async () => {
  for (const database of created) await adminQuery(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  folder.remove();
});

test('a seeded database round-trips through backup and restore, table by table; a non-empty one is refused without force', async () => {
  const source = await newTarget('source');
  await withDatabase(source, async (handle) => {
    await runMigrations(handle);
    await seedDemo(handle.db, { crmSample: false });
  });
  const original = await contents(source);
  expect(Object.keys(original).length).toBeGreaterThan(10);
  expect(original['public.users']).not.toMatch(/^0 rows/);

  const file = path.join(folder.dir, 'backups', serverUrl ? 'orbitra.dump' : 'orbitra.tar.gz');
  await backupDatabase(source, file);

  const copy = await newTarget('copy');
  await restoreDatabase(copy, file);
  expect(await contents(copy)).toEqual(original);

  // The app, as its own role, works on the restored database: role, grants and policies came back.
  const seen = await withDatabase(copy, ({ db }) => withSystemContext('test', () => db.select({ name: tenants.name }).from(tenants)));
  expect(seen).toEqual([{ name: DEMO_TENANT.name }]);

  await asOwner(copy, async ({ db }) => {
    await db.execute(
      sql`delete from status_options where not exists (select 1 from prospects p where p.status_id = status_options.id) and not exists (select 1 from leads l where l.status_id = status_options.id)`,
    );
  });
  await expect(restoreDatabase(copy, file)).rejects.toThrow(BackupError);
  await expect(restoreDatabase(copy, file)).rejects.toThrow('The database is not empty; restore will not overwrite it. Add --force');
  expect((await contents(copy))['public.status_options']).toMatch(/^0 rows/);

  await restoreDatabase(copy, file, { force: true });
  expect(await contents(copy)).toEqual(original);
}, 120_000);

test('a missing backup file is refused with a message', async () => {
  await expect(restoreDatabase(await newTarget('nothing'), path.join(folder.dir, 'no-such-file'))).rejects.toThrow('There is no backup file at');
});
