import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './child-server';

/** The newest PostgreSQL binaries of the Debian package, or undefined when none are installed. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((name) => fs.existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(root, versions[versions.length - 1], 'bin') : undefined;
}

export interface ThrowawayPostgres {
  url: string;
  /** `pg_ctl stop -m fast`: sessions are ended and the server stops. */
  stop(): Promise<void>;
  /** Starts it again and resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  dispose(): void;
}

/**
 * A PostgreSQL cluster of a test's own (initdb into a temporary folder, a free port), as
 * scripts/ci-postgres.sh makes one, for a test that stops and starts its database: the shared test
 * cluster is never touched. Run as the postgres user when the test runs as root (initdb refuses root).
 */
export async function startThrowawayPostgres(binDir: string): Promise<ThrowawayPostgres> {
  const port = await freePort();
  const asRoot = os.userInfo().uid === 0;
  // Run as the postgres user, the folder must be reachable by it: a TMPDIR private to root (CI's
  // second run has one) is not, so root's clusters go under /tmp, as scripts/ci-postgres.sh's does.
  const dir = fs.mkdtempSync(path.join(asRoot ? '/tmp' : os.tmpdir(), 'orbitra-outage-pg-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  // Asynchronous, so that the test's own requests go on while the database stops and starts.
  const run = async (tool: string, args: string[]) => {
    const command = [path.join(binDir, tool), ...args];
    if (asRoot) await promisify(execFile)('su', ['postgres', '-c', command.map((part) => `'${part}'`).join(' ')]);
    else await promisify(execFile)(command[0], command.slice(1));
  };
  await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', 'start']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    dispose() {
      try {
        const stop = [path.join(binDir, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop'];
        if (asRoot) execFileSync('su', ['postgres', '-c', stop.map((part) => `'${part}'`).join(' ')], { stdio: 'pipe' });
        else execFileSync(stop[0], stop.slice(1), { stdio: 'pipe' });
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
