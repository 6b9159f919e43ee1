import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder as defaultMigrationsFolder } from '../server-paths';
import { backupByTableCopy, dropAppSchemas, restoreTableCopy } from './backup/postgres-copy';
import { checkTableCopy, isTableCopy, TableCopyFormatError } from './backup/table-copy';
import { EMBEDDED_DATABASE, runningEmbeddedDatabase, startEmbeddedDatabase } from './embedded/embedded-database';
import { ENSURE_APP_ROLE_SQL } from './wall/app-role';
import { CONTEXT_SETTINGS } from './wall/context';

/** A refusal or failure the command line shows as it is. */
export class BackupError extends Error {}

export interface BackupTarget {
  /** A PostgreSQL server's database (DATABASE_URL). Unset: the embedded one in dataDir. */
  databaseUrl?: string;
  dataDir: string;
}

export type BackupKind = 'pg_dump' | 'table copy';

/** The extension of each kind's file: pg_dump's custom format, or the app's table copy (gzip). */
export const BACKUP_EXTENSIONS: Record<BackupKind, string> = { pg_dump: '.dump', 'table copy': '.copy.gz' };

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'], env });
    const errors: Buffer[] = [];
    child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
    child.on('error', (error) => reject(new BackupError(`${command} could not be started (${error.message}); install the PostgreSQL client tools.`)));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${Buffer.concat(errors).toString().trim()}`)),
    );
  });
}

/** One connection to url for the time of work (a transaction's statements must share one). */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The major version of a PostgreSQL tool (`pg_dump (PostgreSQL) 15.18` → 15), or undefined when it cannot run. */
function toolMajor(command: string): number | undefined {
  const probe = spawnSync(command, ['--version'], { encoding: 'utf8' });
  const match = probe.status === 0 ? /\(PostgreSQL\)\s+(\d+)/.exec(probe.stdout) : null;
  return match ? Number(match[1]) : undefined;
}

/**
 * The newest of a PostgreSQL client tool (pg_dump, pg_restore) installed on the PATH or in Debian's
 * /usr/lib/postgresql/<major>/bin, if it is of `atLeast` or newer (an older pg_dump refuses a newer server).
 */
function findPgTool(name: 'pg_dump' | 'pg_restore', atLeast = 0): string | undefined {
  const debian = '/usr/lib/postgresql';
  const candidates = [name, ...(fs.existsSync(debian) ? fs.readdirSync(debian).map((major) => path.join(debian, major, 'bin', name)) : [])];
  const found = candidates
    .map((command) => ({ command, major: toolMajor(command) ?? -1 }))
    .filter((tool) => tool.major >= atLeast)
    .sort((a, b) => b.major - a.major);
  return found[0]?.command;
}

async function serverMajor(url: string): Promise<number> {
  const versionNum = await withClient(url, async (client) =>
    Number((await client.query<{ v: string }>("select current_setting('server_version_num') as v")).rows[0].v),
  );
  return Math.floor(versionNum / 10000);
}

/**
 * The owner's connection to the target for the time of `work`: DATABASE_URL's; the embedded database
 * of the server running on the folder; else the embedded database started for the command and stopped
 * after it. A restore replaces the database a running server uses: it is refused while one runs.
 */
async function withOwnerUrl<T>(target: BackupTarget, purpose: 'backup' | 'restore', work: (url: string) => Promise<T>): Promise<T> {
  if (target.databaseUrl) return work(target.databaseUrl);
  const running = runningEmbeddedDatabase(target.dataDir);
  if (running && purpose === 'restore')
    throw new BackupError(`A server is running on ${target.dataDir} (process ${running.serverPid}): stop it, then restore (a restore replaces its database).`);
  if (running) return work(running.ownerUrl);
  const embedded = await startEmbeddedDatabase({ dataDir: target.dataDir });
  try {
    return await work(embedded.ownerUrl);
  } finally {
    await embedded.stop();
  }
}

/**
 * Writes the whole database to one file, read in one snapshot while the app goes on writing: with
 * pg_dump (custom format) where one that reads this server is installed, else every table copied in
 * one snapshot (the embedded default ships no pg_dump). `file` without an extension gets its kind's.
 */
export async function backupDatabase(target: BackupTarget, file: string): Promise<{ file: string; kind: BackupKind }> {
  return withOwnerUrl(target, 'backup', async (url) => {
    const pgDump = findPgTool('pg_dump', await serverMajor(url));
    const kind: BackupKind = pgDump ? 'pg_dump' : 'table copy';
    const out = path.extname(file) ? file : `${file}${BACKUP_EXTENSIONS[kind]}`;
    fs.mkdirSync(path.dirname(out), { recursive: true });
    if (pgDump) {
      // The tables' row-level security is forced, for their owner too: a backup is system work, so it
      // reads every tenant (a superuser is not stopped by the policies anyway).
      const env = { ...process.env, PGOPTIONS: `${process.env.PGOPTIONS ?? ''} -c ${CONTEXT_SETTINGS.scope}=system`.trim() };
      await run(pgDump, ['--format=custom', '--no-owner', '--no-privileges', '--enable-row-security', '--file', out, '--dbname', url], env);
    } else {
      await backupByTableCopy(url, out);
    }
    return { file: out, kind };
  });
}

/** No table of the app (or any other) in the database. */
async function isEmpty(url: string): Promise<boolean> {
  return withClient(url, async (client) => {
    const result = await client.query<{ n: string }>("select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')");
    return Number(result.rows[0].n) === 0;
  });
}

/** Empties the database for a forced restore: the embedded one is made anew, another loses its app schemas. */
async function emptyDatabase(target: BackupTarget, url: string): Promise<void> {
  if (!target.databaseUrl) {
    const server = new URL(url);
    server.pathname = '/postgres';
    await withClient(server.toString(), async (client) => {
      await client.query(`drop database if exists ${EMBEDDED_DATABASE} with (force)`);
      await client.query(`create database ${EMBEDDED_DATABASE}`);
    });
    return;
  }
  await dropAppSchemas(url);
}

/** A table copy's format refusal, shown as the command line's message. */
async function asBackupError(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof TableCopyFormatError) throw new BackupError(error.message);
    throw error;
  }
}

/**
 * Brings a backup (either kind) back into an empty database. A database holding tables is refused
 * unless `force` is given; then its contents are replaced by the backup's.
 */
export async function restoreDatabase(target: BackupTarget, file: string, options: { force?: boolean; migrationsFolder?: string } = {}): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupError(`There is no backup file at ${file}.`);
  const tableCopy = await isTableCopy(file);
  if (!tableCopy && !target.databaseUrl && fs.readFileSync(file).subarray(0, 5).toString() !== 'PGDMP')
    throw new BackupError(`${file} is not a backup of this app.`);
  // A cut or damaged copy is refused before the database is touched: a forced restore empties it first.
  if (tableCopy) await asBackupError(() => checkTableCopy(file));
  await withOwnerUrl(target, 'restore', async (url) => {
    if (!(await isEmpty(url))) {
      if (!options.force)
        throw new BackupError('The database is not empty; restore will not overwrite it. Add --force to replace its contents with the backup.');
      if (tableCopy || !target.databaseUrl) await emptyDatabase(target, url);
    }
    if (tableCopy) {
      await asBackupError(() => restoreTableCopy(url, file, options.migrationsFolder ?? defaultMigrationsFolder));
      return;
    }
    const clean = options.force && target.databaseUrl ? ['--clean', '--if-exists'] : [];
    await run(findPgTool('pg_restore') ?? 'pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      ...clean,
      '--dbname',
      url,
      file,
    ]);
    // Privileges are not in the backup and the cluster may be new: the app role and its grants again.
    await withClient(url, (client) => client.query(ENSURE_APP_ROLE_SQL));
  });
}
