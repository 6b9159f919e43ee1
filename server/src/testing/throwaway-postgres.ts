import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { binariesIn, PostgresCluster } from '../db/embedded/cluster';
import { freePort } from '../lib/free-port';
import { startTestCluster } from './test-cluster';

/** The newest PostgreSQL binaries of the Debian package (pg_dump, pg_basebackup), or undefined when none are installed. */
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
  /** Starts it again on its port and resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  dispose(): Promise<void>;
}

/**
 * A PostgreSQL cluster of a test's own, for a test that stops and starts its database: the suite's
 * cluster is never touched. The embedded binaries unless `binDir` names others.
 */
export async function startThrowawayPostgres(binDir?: string): Promise<ThrowawayPostgres> {
  const test = await startTestCluster({ binDir });
  const port = Number(new URL(test.url).port);
  return {
    url: test.url,
    stop: () => test.cluster.stop('fast'),
    start: () => test.cluster.start(port),
    dispose: () => test.dispose(),
  };
}

export interface StreamingReplica extends ThrowawayPostgres {
  /** The superuser's connection string to the replica, on its own port. */
  url: string;
}

/**
 * A hot standby of `primaryUrl`'s cluster, streaming its changes: `pg_basebackup -R` (the base backup
 * and the settings that make it follow the primary) of Debian's PostgreSQL in `binDir`, started on a
 * port of its own. As root the tools run as the database's user, as the cluster does.
 */
export async function startStreamingReplica(primaryUrl: string, binDir: string): Promise<StreamingReplica> {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const dir = fs.mkdtempSync(path.join(asRoot ? '/tmp' : os.tmpdir(), 'orbitra-test-replica-'));
  const dataDir = path.join(dir, 'data');
  const cluster = new PostgresCluster({ binaries: binariesIn(binDir), dataDir, logFile: path.join(dir, 'server.log') });
  const account = asRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
      }
    : {};
  if (asRoot) fs.chownSync(dir, account.uid ?? 0, account.gid ?? 0);
  await promisify(execFile)(path.join(binDir, 'pg_basebackup'), ['-d', primaryUrl, '-D', dataDir, '-R', '-X', 'stream', '-c', 'fast'], {
    ...account,
    env: { PATH: process.env.PATH ?? '', LC_ALL: 'C' },
  });
  const port = await freePort();
  await cluster.start(port);
  const url = new URL(primaryUrl);
  url.port = String(port);
  const onExit = () => cluster.signalStop();
  process.on('exit', onExit);
  return {
    url: url.toString(),
    stop: () => cluster.stop('fast'),
    start: () => cluster.start(port),
    async dispose() {
      process.removeListener('exit', onExit);
      await cluster.stop('immediate').catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
