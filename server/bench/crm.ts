/**
 * The CRM benchmarks, on PostgreSQL or on embedded PGlite: the prospects list page 1 with its total,
 * the leads list page 1 with its total (100,000 leads in the measured tenant) and a rare-term search
 * against a bare Fastify + pg baseline, and a 10,000-row bulk upload against COPY of the same rows. Figures only; nothing here fails a build.
 * On PostgreSQL it first prints the plans of the three list statements beside the bare ones (lib/explain.ts).
 *
 * The machine may be shared, so app and baseline take turns: each load scenario runs in
 * `rounds` alternating slices (app, baseline, app, baseline, ...) and each side's figures are
 * taken over all of its slices.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pgliteExtensions, type DatabaseHandle } from '../src/db/client';
import { DEMO_STAFF } from '../src/seed/seed';
import { rowsOf } from '../src/db/raw-sql';
import { copyText, COPY_COLUMNS, uploadRows } from './lib/bulk-rows';
import { startChild } from './lib/child';
import { buildDataset, RARE_TERM, type Dataset } from './lib/dataset';
import { explainListGaps } from './lib/explain';
import { formatLoad, mergeLoads, runLoad, verdict, type LoadResult } from './lib/load';

export const CSRF = 'bench-csrf-token-0123456789abcdefghijklmnop';

export interface CrmBenchOptions {
  kind: 'postgres' | 'pglite';
  /** postgres:// URL of a fresh, migrated database, or pglite:<folder>. */
  target: string;
  /** Opens the bench database in this process (for the data). */
  open: () => Promise<DatabaseHandle>;
  tenants: number;
  perTenant: number;
  /** Seconds of load per scenario and side, split over `rounds` alternating slices. */
  seconds: number;
  rounds: number;
  connections: number;
  bulkRows: number;
  bulkRounds: number;
  log: (line: string) => void;
}

export async function login(base: string, who: { email: string; password: string } = DEMO_STAFF): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${CSRF}`, 'x-csrftoken': CSRF },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const token = ((await response.json()) as { access_token: string }).access_token;
  // As a browser sends them: the token and the csrftoken cookie it was given earlier.
  return { authorization: `Bearer ${token}`, cookie: `csrftoken=${CSRF}` };
}

async function initialIds(handle: DatabaseHandle, tenantId: string): Promise<{ statusId: string; stageId: string }> {
  const [row] = rowsOf<{ status_id: string; stage_id: string }>(
    await handle.db.execute(sql`select
      (select id from status_options where tenant_id = ${tenantId} and is_active and not converts_to_lead and not removes_from_prospects order by sort_order limit 1) as status_id,
      (select id from pipeline_stages where tenant_id = ${tenantId} and is_active order by sort_order limit 1) as stage_id`),
  );
  return { statusId: row.status_id, stageId: row.stage_id };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const perSecond = (rows: number, ms: number) => Math.round((rows / ms) * 1000);
export const pct = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;

/** The app's share of its bare baseline that a rep should not feel: on PostgreSQL, and on embedded PGlite (one process, no pool). */
const TARGET_SHARES = {
  postgres: { list: 0.9, search: 0.8, leads: 0.9, bulk: 0.8 },
  pglite: { list: 0.8, search: 0.8, leads: 0.8, bulk: 0.8 },
} as const satisfies Record<CrmBenchOptions['kind'], Record<string, number>>;

/** COPY of prepared text into prospects; answers the milliseconds the COPY itself took. */
async function copyRows(kind: CrmBenchOptions['kind'], target: string, text: string): Promise<number> {
  const statement = `copy prospects (${COPY_COLUMNS.join(', ')}) from stdin`;
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      const started = performance.now();
      await pipeline(Readable.from([text]), client.query(copyFrom(statement)));
      return performance.now() - started;
    } finally {
      await client.end();
    }
  }
  const client = await PGlite.create({ dataDir: target.slice('pglite:'.length), extensions: pgliteExtensions });
  try {
    const started = performance.now();
    await client.query(statement.replace('from stdin', `from '/dev/blob'`), [], { blob: new Blob([text]) });
    return performance.now() - started;
  } finally {
    await client.close();
  }
}

/** Runs fn against a freshly started server process and stops it after (PGlite allows one process per data folder). */
export async function withServer<T>(
  script: 'app.ts' | 'baseline.ts',
  target: string,
  fn: (url: string) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  const server = await startChild(script, { ...env, BENCH_DATABASE: target });
  try {
    return await fn(server.url);
  } finally {
    await server.stop();
  }
}

export async function benchCrm(options: CrmBenchOptions): Promise<void> {
  const { log, kind, target, connections: c } = options;
  const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)';
  const driver = kind === 'postgres' ? 'pg' : 'PGlite';
  const TARGETS = TARGET_SHARES[kind];
  log(`\n== CRM on ${label}: ${options.tenants} tenants x ${options.perTenant.toLocaleString('en-US')} prospects ==`);

  let dataset: Dataset;
  let ids: { statusId: string; stageId: string };
  {
    const handle = await options.open();
    try {
      dataset = await buildDataset(handle, { tenants: options.tenants, perTenant: options.perTenant, log });
      ids = await initialIds(handle, dataset.copyTenantId);
    } finally {
      await handle.close();
    }
  }
  const tenant = dataset.measuredTenantId;
  if (kind === 'postgres') await explainListGaps(target, tenant, log);
  const slice = Math.max(2, Math.round(options.seconds / options.rounds));
  const load = (url: string, headers: Record<string, string> = {}, connections = c) => runLoad({ url, headers, connections, seconds: slice, warmupSeconds: 2 });

  const runs = {
    appList: [] as LoadResult[],
    baseList: [] as LoadResult[],
    appSearch: [] as LoadResult[],
    baseSearch: [] as LoadResult[],
    appOne: [] as LoadResult[],
    baseOne: [] as LoadResult[],
    appLeads: [] as LoadResult[],
    baseLeads: [] as LoadResult[],
  };
  for (let round = 0; round < options.rounds; round++) {
    await withServer('app.ts', target, async (url) => {
      const auth = await login(url);
      if (round === 0) {
        const page = (await (await fetch(`${url}/api/v1/crm/prospects?tenant_id=${tenant}`, { headers: auth })).json()) as { pagination: { total: number } };
        log(
          `  measured tenant: ${page.pagination.total.toLocaleString('en-US')} active prospects (the list's total); ${dataset.totalRows.toLocaleString('en-US')} prospects in all`,
        );
        const leads = (await (await fetch(`${url}/api/v1/crm/leads?tenant_id=${tenant}`, { headers: auth })).json()) as { pagination: { total: number } };
        log(`  measured tenant: ${leads.pagination.total.toLocaleString('en-US')} leads (the list's total)`);
      }
      runs.appList.push(await load(`${url}/api/v1/crm/prospects?tenant_id=${tenant}`, auth));
      runs.appSearch.push(await load(`${url}/api/v1/crm/prospects?tenant_id=${tenant}&q=${RARE_TERM}`, auth));
      runs.appOne.push(await load(`${url}/api/v1/crm/prospects?tenant_id=${tenant}&q=${RARE_TERM}`, auth, 1));
      runs.appLeads.push(await load(`${url}/api/v1/crm/leads?tenant_id=${tenant}`, auth));
    });
    await withServer('baseline.ts', target, async (url) => {
      runs.baseList.push(await load(`${url}/page?tenant_id=${tenant}`));
      runs.baseSearch.push(await load(`${url}/search?tenant_id=${tenant}&q=${RARE_TERM}`));
      runs.baseOne.push(await load(`${url}/search?tenant_id=${tenant}&q=${RARE_TERM}`, {}, 1));
      runs.baseLeads.push(await load(`${url}/leads-page?tenant_id=${tenant}`));
    });
  }

  // Bulk: the app's upload and COPY of the same rows (normalised as the server does) take turns;
  // COPY goes to another tenant of the same size, so neither sees the other's phones.
  const appBulkMs: number[] = [];
  const copyMs: number[] = [];
  for (let round = 0; round < options.bulkRounds; round++) {
    const rows = uploadRows(options.bulkRows, round + 1);
    const body = JSON.stringify({ tenant_id: tenant, prospects: rows });
    await withServer('app.ts', target, async (url) => {
      const auth = await login(url);
      const started = performance.now();
      const response = await fetch(`${url}/api/v1/crm/prospects/bulk`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'x-csrftoken': CSRF },
        body,
      });
      const answer = (await response.json()) as { total_created: number };
      appBulkMs.push(performance.now() - started);
      if (answer.total_created !== options.bulkRows) throw new Error(`bulk round ${round}: ${JSON.stringify(answer).slice(0, 200)}`);
    });
    copyMs.push(await copyRows(kind, target, copyText(rows, dataset.copyTenantId, ids.statusId, ids.stageId)));
  }

  const appList = mergeLoads(runs.appList);
  const baseList = mergeLoads(runs.baseList);
  const appSearch = mergeLoads(runs.appSearch);
  const baseSearch = mergeLoads(runs.baseSearch);
  const appOne = mergeLoads(runs.appOne);
  const baseOne = mergeLoads(runs.baseOne);
  const appLeads = mergeLoads(runs.appLeads);
  const baseLeads = mergeLoads(runs.baseLeads);
  log(`  (load: autocannon, ${options.rounds} alternating slices of ${slice} s per side and scenario, after 2 s of warm-up each)`);
  log(formatLoad(`GET /crm/prospects page 1 + total (app, ${c} conn)`, appList));
  log(formatLoad(`  baseline: bare page query, Fastify + ${driver}`, baseList));
  log(
    `  -> app at ${pct(appList.rps, baseList.rps)} of baseline req/s (target >= ${pct(TARGETS.list, 1)}: ${verdict(appList.rps >= TARGETS.list * baseList.rps)}); ` +
      `p99 ${appList.p99.toFixed(1)} ms (target <= 50 ms: ${verdict(appList.p99 <= 50)}; baseline p99 ${baseList.p99.toFixed(1)} ms)`,
  );
  log(formatLoad(`q rare term '${RARE_TERM}' (app, ${c} conn)`, appSearch));
  log(formatLoad(`  baseline: bare search query, Fastify + ${driver}`, baseSearch));
  log(formatLoad(`q rare term (app, 1 conn)`, appOne));
  log(formatLoad(`  baseline: bare search query, 1 conn`, baseOne));
  log(
    `  -> q p95 ${appSearch.p95.toFixed(1)} ms at ${c} conn (baseline ${baseSearch.p95.toFixed(1)} ms), ${appOne.p95.toFixed(2)} ms at 1 conn ` +
      `(baseline ${baseOne.p95.toFixed(2)} ms); target <= 10 ms: ${verdict(appSearch.p95 <= 10)} at ${c} conn, ${verdict(appOne.p95 <= 10)} at 1 conn`,
  );
  log(
    `  -> q app at ${pct(appSearch.rps, baseSearch.rps)} of baseline req/s (target >= ${pct(TARGETS.search, 1)}: ${verdict(appSearch.rps >= TARGETS.search * baseSearch.rps)})`,
  );
  log(formatLoad(`GET /crm/leads page 1 + total (app, ${c} conn)`, appLeads));
  log(formatLoad(`  baseline: bare leads page query, Fastify + ${driver}`, baseLeads));
  log(
    `  -> app at ${pct(appLeads.rps, baseLeads.rps)} of baseline req/s (target >= ${pct(TARGETS.leads, 1)}: ${verdict(appLeads.rps >= TARGETS.leads * baseLeads.rps)})`,
  );
  const appRate = perSecond(options.bulkRows, median(appBulkMs));
  const copyRate = perSecond(options.bulkRows, median(copyMs));
  log(
    `bulk ${options.bulkRows.toLocaleString('en-US')} rows via the app: ${appRate.toLocaleString('en-US')} rows/s (median of ${appBulkMs.map((ms) => `${Math.round(ms)} ms`).join(', ')})`,
  );
  log(`  baseline: COPY of the same rows: ${copyRate.toLocaleString('en-US')} rows/s (median of ${copyMs.map((ms) => `${Math.round(ms)} ms`).join(', ')})`);
  log(`  -> app at ${pct(appRate, copyRate)} of COPY (target >= ${pct(TARGETS.bulk, 1)}: ${verdict(appRate >= TARGETS.bulk * copyRate)})`);
}
