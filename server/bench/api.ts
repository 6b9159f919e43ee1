/**
 * Loopback load test of a few API routes on an in-memory database (the foundation's bench:
 * health, token check, tenants, users). The app runs in this process, as before.
 */
import autocannon from 'autocannon';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { DEMO_ADMIN, seedDemo } from '../src/seed/seed';

const CSRF = 'bench-csrf-token-0123456789abcdefghijklmnop';

export async function benchApi(seconds: number, log: (line: string) => void) {
  log('\n== API basics on in-memory PGlite (10 connections) ==');
  const handle = await openPglite();
  await runMigrations(handle);
  await seedDemo(handle.db, { crmSample: false });
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', SHELL_DIST: '/nonexistent', REMOTES_DIR: '/nonexistent' });
  const app = await buildApp({ config, db: handle.db, authSecret: 'bench-secret-bench-secret-bench-secret', logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${CSRF}`, 'x-csrftoken': CSRF },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const auth = { authorization: `Bearer ${token}` };

  const scenarios = [
    { name: 'GET /api/v1/health', path: '/api/v1/health', headers: {} },
    { name: 'GET /api/v1/auth/me (token + session check)', path: '/api/v1/auth/me', headers: auth },
    { name: 'GET /api/v1/crm/tenants', path: '/api/v1/crm/tenants', headers: auth },
    { name: 'GET /api/v1/auth/users (admin)', path: '/api/v1/auth/users', headers: auth },
  ];
  try {
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
