/**
 * The real app for the soak run (bench/soak.ts): the demo data on the bench database, the mail
 * worker running, logging off. Every BENCH_SOAK_SAMPLE_SECONDS it prints `MEMORY <rss> <heapUsed>`
 * (bytes, after a full collection when node runs with --expose-gc) for the parent to report.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { seedDemo } from '../../src/seed/seed';
import { startMailWorker } from '../../src/mail/mail-worker';
import { serverFollowups } from '../../src/modules/quotations';
import { scopedDatabase } from '../../src/tenancy/database';
import { announce, openBenchDatabase, runServer, stopOnTerm } from './db-from-env';

const secret = 'bench-secret-bench-secret-bench-secret';

async function main() {
  const handle = await openBenchDatabase();
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', SHELL_DIST: '/nonexistent', REMOTES_DIR: '/nonexistent' });
  await seedDemo(handle, { crmSample: true, linkSecret: secret });
  const app = await buildApp({
    config,
    database: handle,
    authSecret: secret,
    logger: false,
    rateLimits: { loginPerIp: { max: 1000, windowMs: 60_000 } },
  });
  const mailer = { configured: false, deliver: async () => {} };
  const followups = serverFollowups(scopedDatabase(handle), { authSecret: secret, config, mailConfigured: mailer.configured });
  const worker = await startMailWorker({ handle, scheduled: () => followups.run(), mailer, log: app.log });
  await app.listen({ host: '127.0.0.1', port: 0 });
  announce((app.server.address() as AddressInfo).port);

  const sample = () => {
    (globalThis as { gc?: () => void }).gc?.();
    const usage = process.memoryUsage();
    process.stdout.write(`MEMORY ${usage.rss} ${usage.heapUsed}\n`);
  };
  setInterval(sample, Number(process.env.BENCH_SOAK_SAMPLE_SECONDS ?? 60) * 1000).unref();
  stopOnTerm(
    () => worker.stop(),
    () => app.close(),
    () => handle.close(),
  );
}

runServer(main);
