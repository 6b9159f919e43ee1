/**
 * The real app (buildApp, every plugin and hook) on the bench database, logged in as the real server
 * logs in: its pool as the app's own login (BENCH_DATABASE_APP), checked at start. Logging is off as
 * in the baseline, so both measure request handling only.
 * BENCH_WALL=off: the app works as the database owner without any context, so the tenant wall
 * (row-level security, a transaction per statement) is gone: the figure the wall is compared with.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openOwner } from '../../src/testing/owner-db';
import { announce, openBenchDatabase, runServer, stopOnTerm } from './db-from-env';
import { startProfileIfAsked } from './profile';

async function main() {
  const stopProfile = await startProfileIfAsked();
  const handle = process.env.BENCH_WALL === 'off' ? openOwner(process.env.BENCH_DATABASE!, 10) : await openBenchDatabase();
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', SHELL_DIST: '/nonexistent', REMOTES_DIR: '/nonexistent' });
  const app = await buildApp({
    config,
    database: handle,
    authSecret: process.env.BENCH_AUTH_SECRET ?? 'bench-secret-bench-secret-bench-secret',
    logger: false,
    rateLimits: {
      loginPerIp: { max: config.loginLimitPerIpPerMinute, windowMs: 60_000 },
      quotationPdfPerUser: { max: config.pdfLimitPerUserPerMinute, windowMs: 60_000 },
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  announce((app.server.address() as AddressInfo).port);
  stopOnTerm(
    stopProfile,
    () => app.close(),
    () => handle.close(),
  );
}

runServer(main);
