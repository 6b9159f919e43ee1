/**
 * `pnpm bench` (root) or `pnpm --filter @app/server bench`: prints figures, fails nothing, and
 * is not part of `npm test`. Scenarios, in order:
 *   api          a few API routes on in-memory PGlite (5 s each)
 *   crm-postgres the CRM list and bulk figures on PostgreSQL: 1,000,000 prospects in 10 tenants; first the
 *                plans (EXPLAIN ANALYZE) of the three list statements under the app role, beside the bare ones
 *   crm-pglite   the same list and bulk figures on embedded PGlite (smaller data by default)
 *   quotations   the quotations list (10,000 in a tenant) and a 50-item PDF, on PostgreSQL
 *   call-queue   a call centre (500 callers at a call a minute, a burst of 50) on one tenant of 100,000
 *                prospects, then 20 callers back-to-back, beside the bare claim statement, on PostgreSQL
 *   board        the leads board's columns on 10,000 leads (PGlite): keyset pages against offset pages
 *   wall         the prospects list with the tenant wall on and off, same run, three runs with their load
 *                average (PostgreSQL, then PGlite)
 *   visibility   the prospects list of one tenant of 1,000,000 prospects for a user of own visibility against
 *                one of all visibility, same run, three runs (PostgreSQL)
 *   reports      the four reports (pipeline, won-lost, calls, funnel) on PostgreSQL: 1,000,000 prospects and
 *                100,000 leads with a year of outcomes, 50 requests each at one connection, p50/p95
 *   pdf-load     GET /api/v1/health probed while eight 200-item mixed-script quotation PDFs are drawn at once
 *                (the real app on PGlite, three rounds): its p50, p90 and max
 *   soak         the real server under a steady mixed load for BENCH_SOAK_MINUTES (default 30), its RSS
 *                and heap every minute. Not in the default list (it would make `pnpm bench` take over
 *                30 minutes): BENCH_ONLY=soak runs it.
 * Environment:
 *   BENCH_ONLY=api,crm-postgres,crm-pglite,quotations,call-queue,board,wall,visibility,reports,pdf-load   which to run (default all)
 *   BENCH_SECONDS                            seconds per load run (default 10; api 5)
 *   BENCH_DATABASE_URL                       a PostgreSQL server to use; default: the one
 *                                            server/scripts/ci-postgres.sh starts (skipped if none)
 *   BENCH_PG_TENANTS / BENCH_PG_PER_TENANT   default 10 x 100,000
 *   BENCH_PGLITE_TENANTS / BENCH_PGLITE_PER_TENANT   default 2 x 100,000
 *   BENCH_QUOTATIONS                         quotations in the measured tenant (default 10,000)
 *   BENCH_QUEUE_PROSPECTS / BENCH_QUEUE_CALLERS   default 100,000 prospects, 20 callers back-to-back
 *   BENCH_QUEUE_MINUTES / BENCH_QUEUE_TALK_SCALE  the call centre's length (default 2) and call length scale (1)
 *   BENCH_BOARD_LEADS                        leads on the board (default 10,000)
 *   BENCH_WALL_PER_TENANT                    prospects per tenant (2 tenants) for wall (default 100,000)
 *   BENCH_VISIBILITY_PROSPECTS               prospects of the visibility bench's tenant (default 1,000,000)
 *   BENCH_REPORTS_PROSPECTS / BENCH_REPORTS_REQUESTS   default 1,000,000 prospects, 50 requests per report
 *   BENCH_SOAK_MINUTES                       minutes of the soak run (default 30)
 * A fresh database (PostgreSQL) or data folder (PGlite) is made for the run and removed after.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPglite, openPostgres } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { benchApi } from './api';
import { benchCallQueue } from './call-queue';
import { benchBoard } from './board';
import { benchCrm } from './crm';
import { openOwner } from '../src/testing/owner-db';
import { benchPdfLoad } from './pdf-load';
import { benchQuotations } from './quotations';
import { benchReports } from './reports';
import { benchSoak } from './soak';
import { benchVisibility } from './visibility';
import { benchWall } from './wall';

const log = (line: string) => console.log(line);
const only = (process.env.BENCH_ONLY ?? 'api,crm-postgres,crm-pglite,quotations,call-queue,board,wall,visibility,reports,pdf-load')
  .split(',')
  .map((s) => s.trim());
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const here = path.dirname(fileURLToPath(import.meta.url));

function postgresServer(): string | null {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const result = spawnSync('bash', [path.join(here, '../scripts/ci-postgres.sh')], { encoding: 'utf8' });
  if (result.status !== 0) return null;
  return result.stdout.trim().split('\n').at(-1) ?? null;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A fresh, migrated database on the bench PostgreSQL server for one scenario; dropped after. */
async function withFreshPostgres(title: string, fn: (url: string) => Promise<void>) {
  const server = postgresServer();
  if (!server) {
    log(`\n== ${title} on PostgreSQL: skipped (no server: set BENCH_DATABASE_URL or install PostgreSQL for scripts/ci-postgres.sh) ==`);
    return;
  }
  const name = `orbitra_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = withDatabase(server, name);
  try {
    const handle = openPostgres(url, 2);
    await runMigrations(handle);
    await handle.close();
    await fn(url);
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

function crmPostgres() {
  return withFreshPostgres('CRM', (url) =>
    benchCrm({
      kind: 'postgres',
      target: url,
      open: () => openOwner(url),
      tenants: num('BENCH_PG_TENANTS', 10),
      perTenant: num('BENCH_PG_PER_TENANT', 100_000),
      seconds,
      rounds: 2,
      connections: 50,
      bulkRows: 10_000,
      bulkRounds: 3,
      log,
    }),
  );
}

function quotationsPostgres() {
  return withFreshPostgres('Quotations', (url) =>
    benchQuotations({
      target: url,
      open: () => openOwner(url),
      quotations: num('BENCH_QUOTATIONS', 10_000),
      seconds,
      rounds: 2,
      connections: 50,
      log,
    }),
  );
}

function callQueuePostgres() {
  return withFreshPostgres('Call queue', (url) =>
    benchCallQueue({
      target: url,
      open: () => openOwner(url),
      perTenant: num('BENCH_QUEUE_PROSPECTS', 100_000),
      callers: num('BENCH_QUEUE_CALLERS', 20),
      seconds,
      rounds: 2,
      log,
    }),
  );
}

/** A fresh, migrated PGlite data folder for one scenario (as pglite:<folder>); removed after. */
async function withFreshPglite(prefix: string, fn: (target: string) => Promise<void>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  try {
    const handle = await openPglite({ dataDir: dir });
    await runMigrations(handle);
    await handle.close();
    await fn(`pglite:${dir}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function crmPglite() {
  return withFreshPglite('orbitra-bench-pglite-', (target) =>
    benchCrm({
      kind: 'pglite',
      target,
      open: () => openOwner(target),
      tenants: num('BENCH_PGLITE_TENANTS', 2),
      perTenant: num('BENCH_PGLITE_PER_TENANT', 100_000),
      seconds,
      rounds: 2,
      connections: 50,
      bulkRows: 10_000,
      bulkRounds: 3,
      log,
    }),
  );
}

function wallPostgres() {
  return withFreshPostgres('Tenant wall', (url) =>
    benchWall({ label: 'PostgreSQL', target: url, open: () => openOwner(url), ...wallSize(), connections: 50, log }),
  );
}

function wallPglite() {
  return withFreshPglite('orbitra-bench-wall-', (target) =>
    benchWall({ label: 'PGlite (embedded)', target, open: () => openOwner(target), ...wallSize(), connections: 50, log }),
  );
}

// Three runs of wall on against wall off, each of BENCH_SECONDS per side.
const wallSize = () => ({ tenants: 2, perTenant: num('BENCH_WALL_PER_TENANT', 100_000), seconds, rounds: 3 });

async function main() {
  if (only.includes('api')) await benchApi(Number(process.env.BENCH_SECONDS ?? 5), log);
  if (only.includes('crm-postgres')) await crmPostgres();
  if (only.includes('crm-pglite')) await crmPglite();
  if (only.includes('quotations')) await quotationsPostgres();
  if (only.includes('call-queue')) await callQueuePostgres();
  if (only.includes('board')) await benchBoard(num('BENCH_BOARD_LEADS', 10_000), log);
  if (only.includes('wall')) {
    await wallPostgres();
    await wallPglite();
  }
  if (only.includes('visibility'))
    await withFreshPostgres('Visibility', (url) =>
      benchVisibility({
        target: url,
        open: () => openOwner(url),
        perTenant: num('BENCH_VISIBILITY_PROSPECTS', 1_000_000),
        seconds,
        rounds: 3,
        connections: 50,
        log,
      }),
    );
  if (only.includes('reports'))
    await withFreshPostgres('Reports', (url) =>
      benchReports({
        target: url,
        open: () => openOwner(url),
        prospects: num('BENCH_REPORTS_PROSPECTS', 1_000_000),
        requests: num('BENCH_REPORTS_REQUESTS', 50),
        log,
      }),
    );
  if (only.includes('pdf-load'))
    await withFreshPglite('orbitra-bench-pdf-', (target) => benchPdfLoad({ target, open: () => openOwner(target), rounds: 3, log }));
  if (only.includes('soak')) await withFreshPglite('orbitra-bench-soak-', (target) => benchSoak({ target, minutes: num('BENCH_SOAK_MINUTES', 30), log }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
