import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { adminQuery } from './postgres-admin';

export default async function globalTeardown(_globalConfig: unknown, projectConfig: { rootDir: string }) {
  const template = process.env.POSTGRES_TEST_TEMPLATE;
  const serverUrl = process.env.DATABASE_URL;
  const cluster = process.env.ORBITRA_TEST_CLUSTER;
  if (cluster) {
    // As global-setup started it: through tsx, outside Jest's module system.
    execFileSync(process.execPath, ['--import', 'tsx', path.join('src', 'testing', 'test-cluster-cli.ts'), 'stop', cluster], {
      cwd: projectConfig.rootDir,
      stdio: 'inherit',
    });
    return;
  }
  if (template && serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
}
