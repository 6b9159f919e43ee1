import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPglite } from './client';
import { ENSURE_APP_ROLE_SQL } from './wall/app-role';
import { CONTEXT_SETTINGS } from './wall/context';

/** A refusal or failure the command line shows as it is. */
export class BackupError extends Error {}

export interface BackupTarget {
  /** PostgreSQL: pg_dump / pg_restore against it. Unset: the embedded PGlite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
}

const pgliteDir = (target: BackupTarget) => path.join(target.dataDir, 'pglite');

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

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Writes the whole database to one file: pg_dump's custom format on PostgreSQL, the data folder's
 * dump on embedded PGlite (which only one process may open: stop the server first).
 */
export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (target.databaseUrl) {
    // The tables' row-level security is forced, for their owner too: a backup is system work, so it
    // reads every tenant (a superuser is not stopped by the policies anyway).
    const env = { ...process.env, PGOPTIONS: `${process.env.PGOPTIONS ?? ''} -c ${CONTEXT_SETTINGS.scope}=system`.trim() };
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--enable-row-security', '--file', file, '--dbname', target.databaseUrl], env);
    return;
  }
  if (!fs.existsSync(pgliteDir(target))) throw new BackupError(`There is no embedded database in ${pgliteDir(target)}.`);
  const handle = await openPglite({ dataDir: pgliteDir(target) });
  try {
    if (handle.kind !== 'pglite') throw new BackupError('unexpected database kind');
    const dump = await handle.client.dumpDataDir('gzip');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
}

/** No table of the app (or any other) in the database, or no embedded data folder yet. */
export async function isEmptyDatabase(target: BackupTarget): Promise<boolean> {
  if (target.databaseUrl) {
    const count = await withClient(target.databaseUrl, async (client) => {
      const result = await client.query<{ n: string }>("select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')");
      return Number(result.rows[0].n);
    });
    return count === 0;
  }
  const dir = pgliteDir(target);
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/**
 * Brings a backup back into an empty database. A database holding tables is refused unless
 * `force` is given; then its contents are replaced by the backup's.
 */
export async function restoreDatabase(target: BackupTarget, file: string, options: { force?: boolean } = {}): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupError(`There is no backup file at ${file}.`);
  if (!options.force && !(await isEmptyDatabase(target))) {
    throw new BackupError('The database is not empty; restore will not overwrite it. Add --force to replace its contents with the backup.');
  }
  if (target.databaseUrl) {
    const clean = options.force ? ['--clean', '--if-exists'] : [];
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...clean, '--dbname', target.databaseUrl, file]);
    // Privileges are not in the backup and the cluster may be new: the app role and its grants again.
    await withClient(target.databaseUrl, (client) => client.query(ENSURE_APP_ROLE_SQL));
    return;
  }
  const dir = pgliteDir(target);
  if (options.force) fs.rmSync(dir, { recursive: true, force: true });
  const handle = await openPglite({ dataDir: dir, loadDataDir: new Blob([fs.readFileSync(file)]) });
  await handle.close();
}
