import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { migrationsFolder, policiesFile, serverRoot } from '../../server-paths';
import { tempDir } from '../../testing/test-app';
import { databaseContents, type Contents } from '../../testing/database-contents';
import { withOwner } from '../../testing/owner-db';
import { backupDatabase, BackupError, restoreDatabase, withClient, type BackupTarget } from '../backup';
import { INCOMPLETE_BACKUP } from '../backup/table-copy';
import { openDatabase } from '../client';
import { startEmbeddedDatabase } from '../embedded/embedded-database';
import { runMigrations } from '../migrate';
import { rowsOf } from '../raw-sql';
import { DEMO_TENANT, seedDemo } from '../../seed/seed';
import { tenants } from '../schema';
import { systemContext } from '../wall/context';
import { checkPolicies, readPoliciesFile } from '../wall/policies';

/**
 * `npm run backup` and `npm run restore` on the embedded default (data folders, each its own embedded
 * PostgreSQL): every table copied in one snapshot, brought back table by table.
 */
let folder: ReturnType<typeof tempDir>;
beforeAll(() => {
  folder = tempDir('orbitra-backup-');
});
afterAll(() => folder.remove());

const target = (name: string): BackupTarget => ({ dataDir: path.join(folder.dir, name) });

/** The embedded database of a data folder, started for the time of `work`, as its owner. */
async function asOwner<T>(where: BackupTarget, work: (url: string) => Promise<T>): Promise<T> {
  const embedded = await startEmbeddedDatabase({ dataDir: where.dataDir });
  try {
    return await work(embedded.ownerUrl);
  } finally {
    await embedded.stop();
  }
}

const contents = (where: BackupTarget): Promise<Contents> => asOwner(where, (url) => databaseContents(url));

test('a seeded embedded database round-trips through backup and restore, table by table; a non-empty one is refused without force', async () => {
  const source = target('source');
  const handle = await openDatabase(source);
  try {
    await runMigrations(handle);
    await seedDemo(handle, { crmSample: true });
  } finally {
    await handle.close();
  }
  const original = await contents(source);
  expect(Object.keys(original).length).toBeGreaterThan(20);
  expect(original['public.users']).not.toMatch(/^0 rows/);

  const written = await backupDatabase(source, path.join(folder.dir, 'backups', 'orbitra'));
  expect(written).toEqual({ file: path.join(folder.dir, 'backups', 'orbitra.copy.gz'), kind: 'table copy' });

  const copy = target('copy');
  await restoreDatabase(copy, written.file);
  expect(await contents(copy)).toEqual(original);

  // The app, as its own login, works on the restored database: role, grants and policies came back.
  const restored = await openDatabase(copy);
  try {
    const seen = await restored.contextDb(systemContext('test')).select({ name: tenants.name }).from(tenants);
    expect(seen).toEqual([{ name: DEMO_TENANT.name }]);
  } finally {
    await restored.close();
  }

  await asOwner(copy, (url) => withOwner(url, (db) => db.execute(sql`insert into tenants (name, domain) values ('Added after the backup', 'added.example')`)));
  const changed = await contents(copy);
  expect(changed['public.tenants']).not.toEqual(original['public.tenants']);
  await expect(restoreDatabase(copy, written.file)).rejects.toThrow(
    new BackupError('The database is not empty; restore will not overwrite it. Add --force to replace its contents with the backup.'),
  );
  expect(await contents(copy)).toEqual(changed);

  await restoreDatabase(copy, written.file, { force: true });
  expect(await contents(copy)).toEqual(original);
}, 180_000);

test('a backup of an older version is restored at its own level and brought up to this one; a newer or damaged one is refused', async () => {
  // An app three migrations behind this one.
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const older = path.join(folder.dir, 'older-migrations');
  fs.mkdirSync(path.join(older, 'meta'), { recursive: true });
  const kept = journal.entries.slice(0, journal.entries.length - 3);
  fs.writeFileSync(path.join(older, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  for (const entry of kept) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(older, `${entry.tag}.sql`));

  const old = target('old');
  await asOwner(old, async (url) => {
    await runMigrations({ url }, older);
    await withOwner(url, (db) => db.execute(sql`insert into tenants (name, domain) values ('Kept from before', 'kept.example')`));
  });
  const file = (await backupDatabase(old, path.join(folder.dir, 'backups', 'old'))).file;

  const upgraded = target('upgraded');
  await restoreDatabase(upgraded, file);
  const migrated = await asOwner(upgraded, async (url) => ({
    ...(await withOwner(url, async (db) => ({
      migrations: Number(rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`))[0].n),
      tenants: rowsOf<{ name: string }>(await db.execute(sql`select name from tenants`)).map((row) => row.name),
    }))),
    wall: await withClient(url, async (client) => (await checkPolicies(client, readPoliciesFile(policiesFile))).drift),
  }));
  // Its row-level security is policies.sql's, exactly, as after a start.
  expect(migrated).toEqual({ migrations: journal.entries.length, tenants: ['Kept from before'], wall: { toApply: [], toRemove: [] } });

  // This app as the older one: the backup is newer than it.
  await expect(
    restoreDatabase(target('older-app'), (await backupDatabase(upgraded, path.join(folder.dir, 'backups', 'new'))).file, { migrationsFolder: older }),
  ).rejects.toThrow(/made by a newer version of the app/);

  // Cut in the middle: nothing is restored, and the message says why.
  const whole = zlib.gunzipSync(fs.readFileSync(file));
  const cut = path.join(folder.dir, 'backups', 'cut.copy.gz');
  fs.writeFileSync(cut, zlib.gzipSync(whole.subarray(0, Math.floor(whole.length / 2))));
  const empty = target('from-cut');
  await expect(restoreDatabase(empty, cut)).rejects.toThrow(/ends early|damaged/);
  expect(Object.keys(await contents(empty))).toEqual([]);

  // The compressed file itself cut short (a copy or download stopped part-way): refused with a plain
  // message before any database is touched, even one a forced restore would have emptied first.
  const gz = fs.readFileSync(file);
  const truncated = path.join(folder.dir, 'backups', 'truncated.copy.gz');
  fs.writeFileSync(truncated, gz.subarray(0, Math.floor(gz.length / 2)));
  const held = await contents(upgraded);
  await expect(restoreDatabase(upgraded, truncated, { force: true })).rejects.toThrow(new BackupError(INCOMPLETE_BACKUP));
  expect(await contents(upgraded)).toEqual(held);
  const untouched = target('from-truncated');
  await expect(restoreDatabase(untouched, truncated)).rejects.toThrow(new BackupError(INCOMPLETE_BACKUP));
  expect(fs.existsSync(untouched.dataDir)).toBe(false);

  // `npm run restore` says so in one line, no stack trace, and fails.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(folder.dir, 'cli') };
  delete env.DATABASE_URL;
  const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/db/backup-cli.ts', 'restore', truncated], { cwd: serverRoot, env, encoding: 'utf8' });
  expect({ status: cli.status, stdout: cli.stdout, stderr: cli.stderr }).toEqual({ status: 1, stdout: '', stderr: `${INCOMPLETE_BACKUP}\n` });
}, 180_000);

test('a missing or foreign file is refused with a message', async () => {
  await expect(restoreDatabase(target('nothing'), path.join(folder.dir, 'no-such-file'))).rejects.toThrow('There is no backup file at');
  const foreign = path.join(folder.dir, 'notes.txt');
  fs.writeFileSync(foreign, 'not a backup');
  await expect(restoreDatabase(target('foreign'), foreign)).rejects.toThrow(`${foreign} is not a backup of this app.`);
});
