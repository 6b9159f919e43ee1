import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { BackupError, backupDatabase, restoreDatabase } from './backup';
import { ClusterError } from './embedded/cluster';

/**
 * `backup [FILE]` and `restore FILE [--force]` against the database the server's settings name
 * (DATABASE_URL, else the embedded one in DATA_DIR). Relative paths are taken from the folder the
 * command was run in.
 */
async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const [fileArg] = rest.filter((arg) => arg !== '--force' && arg !== '--');
  const base = process.env.INIT_CWD ?? process.cwd();
  const config = loadConfig();
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const what = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;

  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const written = await backupDatabase(target, path.resolve(base, fileArg ?? `backups/orbitra-${stamp}`));
    console.log(`Backed up ${what} to ${written.file} (${written.kind})`);
  } else if (command === 'restore') {
    if (!fileArg) throw new BackupError('Usage: npm run restore -- FILE [--force]');
    const file = path.resolve(base, fileArg);
    await restoreDatabase(target, file, { force });
    console.log(`Restored ${file} into ${what}`);
  } else {
    throw new BackupError('Usage: backup [FILE] | restore FILE [--force]');
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof BackupError || error instanceof ConfigError || error instanceof ClusterError ? error.message : error);
  process.exit(1);
});
