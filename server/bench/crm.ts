/**
 * The CRM figures on one database (the embedded default or DATABASE_URL, bench/lib/databases.ts):
 * the prospects list page 1 with its total, the leads list page 1 with its total (100,000 leads in
 * the measured tenant) and a rare-term search, each against a bare Fastify + pg baseline sending the
 * bare statement, and a 10,000-row upload against COPY of the same rows. First the plans of the three
 * list statements beside the bare ones (lib/explain.ts). Answers the shares run.ts tabulates beside
 * their targets; figures only, nothing here fails a build.
 *
 * The machine may be shared, so app and baseline take turns: each load scenario runs in
 * `rounds` alternating slices (app, baseline, app, baseline, ...) and each side's figures are
 * taken over all of its slices.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { rowsOf } from '../src/db/raw-sql';
import { openOwner } from '../src/testing/owner-db';
import { copyText, COPY_COLUMNS, uploadRows } from './lib/bulk-rows';
import { withServer } from './lib/child';
import type { BenchDatabase } from './lib/databases';
import { buildDataset, RARE_TERM, type Dataset, type Owner } from './lib/dataset';
import { explainListGaps } from './lib/explain';
import { formatLoad, mergeLoads, runLoad, verdict, watchLoad, type LoadResult } from './lib/load';
import { login, writeHeaders } from './lib/sign-in';
import { pct, type Share } from './lib/table';

export interface CrmBenchOptions {
  database: BenchDatabase;
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

/** The app's figures beside their baselines, and the 1-minute load average while they were taken. */
export interface CrmFigures {
  list: Share;
  leads: Share;
  search: Share;
  bulk: Share;
  load: number[];
}

/** The app's shares of its baselines that a rep should not feel (issue targets; run.ts prints them in its table). */
export const CRM_TARGETS = { list: 0.85, leads: 0.85, search: 0.6, bulk: 0.7 } as const;

/** A tenant's first status and pipeline stage: what an upload gives its rows, so COPY's rows get them too. */
export async function initialIds(handle: Owner, tenantId: string): Promise<{ statusId: string; stageId: string }> {
  const [row] = rowsOf<{ status_id: string; stage_id: string }>(
    await handle.db.execute(sql`select
      (select id from status_options where tenant_id = ${tenantId} and is_active and not converts_to_lead and not removes_from_prospects order by sort_order limit 1) as status_id,
      (select id from pipeline_stages where tenant_id = ${tenantId} and is_active order by sort_order limit 1) as stage_id`),
  );
  return { statusId: row.status_id, stageId: row.stage_id };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const perSecond = (rows: number, ms: number) => Math.round((rows / ms) * 1000);

/** COPY of prepared text into prospects, as the owner; answers the milliseconds the COPY itself took. */
export async function copyRows(ownerUrl: string, text: string): Promise<number> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const started = performance.now();
    await pipeline(Readable.from([text]), client.query(copyFrom(`copy prospects (${COPY_COLUMNS.join(', ')}) from stdin`)));
    return performance.now() - started;
  } finally {
    await client.end();
  }
}

export async function benchCrm(options: CrmBenchOptions): Promise<CrmFigures> {
  const { log, database, connections: c } = options;
  log(`\n== CRM on ${database.label}: ${options.tenants} tenants x ${options.perTenant.toLocaleString('en-US')} prospects ==`);

  let dataset: Dataset;
  let ids: { statusId: string; stageId: string };
  {
    const handle = openOwner(database.ownerUrl);
    try {
      dataset = await buildDataset(handle, { tenants: options.tenants, perTenant: options.perTenant, log });
      ids = await initialIds(handle, dataset.copyTenantId);
    } finally {
      await handle.close();
    }
  }
  const tenant = dataset.measuredTenantId;
  await explainListGaps(database.ownerUrl, tenant, log);
  const slice = Math.max(2, Math.round(options.seconds / options.rounds));
  const load = (url: string, headers: Record<string, string> = {}, connections = c) => runLoad({ url, headers, connections, seconds: slice, warmupSeconds: 2 });
  const loadWatch = watchLoad();

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
    await withServer('app.ts', database, async (url) => {
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
    await withServer('baseline.ts', database, async (url) => {
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
    await withServer('app.ts', database, async (url) => {
      const auth = await login(url);
      const started = performance.now();
      const response = await fetch(`${url}/api/v1/crm/prospects/bulk`, { method: 'POST', headers: writeHeaders(auth), body });
      const answer = (await response.json()) as { total_created: number };
      appBulkMs.push(performance.now() - started);
      if (answer.total_created !== options.bulkRows) throw new Error(`bulk round ${round}: ${JSON.stringify(answer).slice(0, 200)}`);
    });
    copyMs.push(await copyRows(database.ownerUrl, copyText(rows, dataset.copyTenantId, ids.statusId, ids.stageId)));
  }
  const loadSamples = loadWatch.stop();

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
  log(formatLoad(`  baseline: bare page query, Fastify + pg`, baseList));
  log(
    `  -> app at ${pct(appList.rps, baseList.rps)} of baseline req/s (target >= ${pct(CRM_TARGETS.list, 1)}: ${verdict(appList.rps >= CRM_TARGETS.list * baseList.rps)}); ` +
      `p99 ${appList.p99.toFixed(1)} ms (target <= 50 ms: ${verdict(appList.p99 <= 50)}; baseline p99 ${baseList.p99.toFixed(1)} ms)`,
  );
  log(formatLoad(`q rare term '${RARE_TERM}' (app, ${c} conn)`, appSearch));
  log(formatLoad(`  baseline: bare search query, Fastify + pg`, baseSearch));
  log(formatLoad(`q rare term (app, 1 conn)`, appOne));
  log(formatLoad(`  baseline: bare search query, 1 conn`, baseOne));
  log(
    `  -> q p95 ${appSearch.p95.toFixed(1)} ms at ${c} conn (baseline ${baseSearch.p95.toFixed(1)} ms), ${appOne.p95.toFixed(2)} ms at 1 conn ` +
      `(baseline ${baseOne.p95.toFixed(2)} ms); target <= 10 ms: ${verdict(appSearch.p95 <= 10)} at ${c} conn, ${verdict(appOne.p95 <= 10)} at 1 conn`,
  );
  log(
    `  -> q app at ${pct(appSearch.rps, baseSearch.rps)} of baseline req/s (target >= ${pct(CRM_TARGETS.search, 1)}: ${verdict(appSearch.rps >= CRM_TARGETS.search * baseSearch.rps)})`,
  );
  log(formatLoad(`GET /crm/leads page 1 + total (app, ${c} conn)`, appLeads));
  log(formatLoad(`  baseline: bare leads page query, Fastify + pg`, baseLeads));
  log(
    `  -> app at ${pct(appLeads.rps, baseLeads.rps)} of baseline req/s (target >= ${pct(CRM_TARGETS.leads, 1)}: ${verdict(appLeads.rps >= CRM_TARGETS.leads * baseLeads.rps)})`,
  );
  const appRate = perSecond(options.bulkRows, median(appBulkMs));
  const copyRate = perSecond(options.bulkRows, median(copyMs));
  log(
    `bulk ${options.bulkRows.toLocaleString('en-US')} rows via the app: ${appRate.toLocaleString('en-US')} rows/s (median of ${appBulkMs.map((ms) => `${Math.round(ms)} ms`).join(', ')})`,
  );
  log(`  baseline: COPY of the same rows: ${copyRate.toLocaleString('en-US')} rows/s (median of ${copyMs.map((ms) => `${Math.round(ms)} ms`).join(', ')})`);
  log(`  -> app at ${pct(appRate, copyRate)} of COPY (target >= ${pct(CRM_TARGETS.bulk, 1)}: ${verdict(appRate >= CRM_TARGETS.bulk * copyRate)})`);
  return {
    list: { app: appList.rps, base: baseList.rps, unit: 'req/s' },
    leads: { app: appLeads.rps, base: baseLeads.rps, unit: 'req/s' },
    search: { app: appSearch.rps, base: baseSearch.rps, unit: 'req/s' },
    bulk: { app: appRate, base: copyRate, unit: 'rows/s' },
    load: loadSamples,
  };
}
