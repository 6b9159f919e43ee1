/**
 * Loopback load test of a few API routes (the foundation's bench: health, token check, tenants,
 * users) on the embedded default, the app in this process pooling as the app's own login, as the
 * real server does.
 */
import autocannon from 'autocannon';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPostgres } from '../src/db/client';
import { DEMO_ADMIN, seedDemo } from '../src/seed/seed';
import { openOwner } from '../src/testing/owner-db';
import type { BenchDatabase } from './lib/databases';
import { login } from './lib/sign-in';

export async function benchApi({ database, seconds, log }: { database: BenchDatabase; seconds: number; log: (line: string) => void }) {
  log(`\n== API basics on ${database.label} (10 connections) ==`);
  const owner = openOwner(database.ownerUrl);
  try {
    await seedDemo(owner, { crmSample: false });
  } finally {
    await owner.close();
  }
  const handle = openPostgres(database.ownerUrl, database.appUrl, { keepOpen: true });
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', SHELL_DIST: '/nonexistent', REMOTES_DIR: '/nonexistent' });
  const app = await buildApp({ config, database: handle, authSecret: 'bench-secret-bench-secret-bench-secret', logger: false });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const auth = await login(base, DEMO_ADMIN);
    const scenarios = [
      { name: 'GET /api/v1/health', path: '/api/v1/health', headers: {} },
      { name: 'GET /api/v1/auth/me (token + session check)', path: '/api/v1/auth/me', headers: auth },
      { name: 'GET /api/v1/crm/tenants', path: '/api/v1/crm/tenants', headers: auth },
      { name: 'GET /api/v1/auth/users (admin)', path: '/api/v1/auth/users', headers: auth },
    ];
    for (const s of scenarios) {
      const result = await autocannon({ url: `${base}${s.path}`, headers: s.headers, connections: 10, duration: seconds });
      log(
        `${s.name.padEnd(46)} ${String(Math.round(result.requests.average)).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}  errors ${result.errors}`,
      );
    }
  } finally {
    await app.close();
    await handle.close();
  }
}
