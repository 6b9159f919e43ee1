import fs from 'node:fs';
import path from 'node:path';
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
