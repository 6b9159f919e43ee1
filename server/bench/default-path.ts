/**
 * The default path: the real app on the embedded default (what `npm start` gives) under the two
 * loads that used to stop everyone else, with three tenants of BENCH_DEFAULT_PATH_PER_TENANT
 * prospects (100,000 by default) and a user of the third tenant reading its prospects list one
 * request after another throughout:
 * (b) ten exports (`GET /crm/prospects/export?format=csv` of the demo tenant) asked at once by five
 *     users of that tenant, two each, every one read by its client at 1 KB/s for
 *     BENCH_EXPORT_SECONDS (30 by default): how many were served (200) and refused (429), how long
 *     the app's connections stayed in the exports' transactions, the other user's list p95 (target
 *     <= 250 ms) and every health check's status (target: all 200);
 * (a) then one upload of 50,000 rows (MAX_BULK_ROWS, one request's maximum) into the demo tenant,
 *     timed beside COPY of the same rows into the second tenant (target: the upload within 10 s),
 *     and the other user's list p95 while the upload runs (target <= 250 ms).
 * Each is preceded by the list read alone for a few seconds, its quiet p95 for comparison.
 */
import http from 'node:http';
import { MAX_BULK_ROWS } from '@app/shared/contracts';
import { loadConfig } from '../src/config';
import { DEMO_ADMIN } from '../src/seed/seed';
import { openOwner } from '../src/testing/owner-db';
import { copyRows, initialIds } from './crm';
import { copyText, uploadRows } from './lib/bulk-rows';
import { withServer } from './lib/child';
import type { BenchDatabase } from './lib/databases';
import { buildDataset } from './lib/dataset';
import { describeLoad, verdict, watchLoad } from './lib/load';
import { login, writeHeaders } from './lib/sign-in';
import { printTable } from './lib/table';

export interface DefaultPathOptions {
  database: BenchDatabase;
  perTenant: number;
  exportSeconds: number;
  log: (line: string) => void;
}

const TARGETS = { uploadSeconds: 10, listP95Ms: 250 };
const EXPORT_USERS = 5;
const EXPORTS = 10;
const READ_BYTES_PER_SECOND = 1024;
const QUIET_SECONDS = 5;
const PASSWORD = 'bench-user-password';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] : Number.NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

interface Reads {
  times: number[];
  failures: number;
}

/** One request after another, as a user paging the list would, until `done()`; each answer's time. */
async function readUntil(url: string, headers: Record<string, string>, done: () => boolean): Promise<Reads> {
  const reads: Reads = { times: [], failures: 0 };
  while (!done()) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.ok) reads.times.push(performance.now() - started);
    else reads.failures += 1;
  }
  return reads;
}

const describeReads = (reads: Reads) =>
  `p95 ${ms(percentile(reads.times, 0.95))} (p50 ${ms(percentile(reads.times, 0.5))}, max ${ms(Math.max(...reads.times))}, ${reads.times.length} requests${reads.failures ? `, ${reads.failures} failed` : ''})`;

interface SlowRead {
  status: number;
  /** Bytes the client has read so far. */
  read(): number;
  close(): void;
}

/** A GET whose answer its client reads at READ_BYTES_PER_SECOND (a refusal's short body is read whole). */
function slowRead(base: string, pathname: string, headers: Record<string, string>): Promise<SlowRead> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(pathname, base), { agent: false, headers }, (response) => {
      let taken = 0;
      if (response.statusCode !== 200) {
        response.resume();
        resolve({ status: response.statusCode ?? 0, read: () => taken, close: () => request.destroy() });
        return;
      }
      response.pause();
      const tick = setInterval(() => {
        const chunk = response.read(READ_BYTES_PER_SECOND) as Buffer | null;
        if (chunk) taken += chunk.length;
      }, 1000);
      response.on('close', () => clearInterval(tick));
      resolve({
        status: 200,
        read: () => taken,
        close: () => {
          clearInterval(tick);
          request.destroy();
        },
      });
    });
    request.on('error', reject);
  });
}

/**
 * The app's connections in a transaction that has lasted over a second (an export reading its rows;
 * a list's transactions take milliseconds), polled every 500 ms until `done()`: how many at 5 s,
 * when the last was seen, and how many were still there at the end.
 */
async function watchTransactions(
  ownerUrl: string,
  appLogin: string,
  done: () => boolean,
): Promise<{ atFiveSeconds?: number; lastSeenMs: number; stillAtEnd: number }> {
  const probe = openOwner(ownerUrl, 1);
  const started = performance.now();
  const seen: { atFiveSeconds?: number; lastSeenMs: number; stillAtEnd: number } = { lastSeenMs: 0, stillAtEnd: 0 };
  try {
    while (!done()) {
      const { rows } = await probe.pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where usename = $1 and xact_start < now() - interval '1 second'`,
        [appLogin],
      );
      const at = performance.now() - started;
      if (seen.atFiveSeconds === undefined && at >= 5000) seen.atFiveSeconds = rows[0].n;
      if (rows[0].n > 0) seen.lastSeenMs = at;
      seen.stillAtEnd = rows[0].n;
      await sleep(500);
    }
    return seen;
  } finally {
    await probe.close();
  }
}

async function created(response: Response, what: string): Promise<void> {
  if (response.status !== 201) throw new Error(`${what}: ${response.status} ${await response.text()}`);
}

/** A staff user of `tenantId` (visibility all), made by the admin through the API; answers its headers. */
async function staffUser(base: string, admin: Record<string, string>, tenantId: string, email: string): Promise<Record<string, string>> {
  await created(
    await fetch(`${base}/api/v1/auth/users`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ email, full_name: email.split('@')[0], password: PASSWORD, tenant_id: tenantId, is_staff: true }),
    }),
    `user ${email}`,
  );
  return login(base, { email, password: PASSWORD });
}

export async function benchDefaultPath(options: DefaultPathOptions): Promise<void> {
  const { log, database } = options;
  log(`\n== Default path on ${database.label}: 3 tenants x ${options.perTenant.toLocaleString('en-US')} prospects ==`);
  const owner = openOwner(database.ownerUrl);
  let tenants: string[];
  let copyIds: { statusId: string; stageId: string };
  try {
    tenants = (await buildDataset(owner, { tenants: 3, perTenant: options.perTenant, log })).tenantIds;
    copyIds = await initialIds(owner, tenants[1]);
  } finally {
    await owner.close();
  }
  const [exportTenant, copyTenant, readerTenant] = tenants;
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', SHELL_DIST: '/nonexistent', REMOTES_DIR: '/nonexistent' });
  const served = Math.min(config.exportsAtOnce.perTenant, EXPORT_USERS * Math.min(2, config.exportsAtOnce.perUser));
  const appLogin = decodeURIComponent(new URL(database.appUrl).username);
  const loadWatch = watchLoad();

  await withServer(
    'app.ts',
    database,
    async (base) => {
      const admin = writeHeaders(await login(base, DEMO_ADMIN));
      const reader = await staffUser(base, admin, readerTenant, 'list-reader@bench.example.com');
      const exporters = [];
      for (let i = 1; i <= EXPORT_USERS; i++) exporters.push(await staffUser(base, admin, exportTenant, `exporter-${i}@bench.example.com`));
      const listUrl = `${base}/api/v1/crm/prospects?tenant_id=${readerTenant}`;
      const quiet = async () => {
        const end = Date.now() + QUIET_SECONDS * 1000;
        return readUntil(listUrl, reader, () => Date.now() >= end);
      };

      // (b) Ten exports read at 1 KB/s, while the other user reads the list and the health check is asked every 200 ms.
      const quietBefore = await quiet();
      const exportPath = `/api/v1/crm/prospects/export?tenant_id=${exportTenant}&format=csv`;
      const plan = exporters.flatMap((headers) => [headers, headers]).slice(0, EXPORTS);
      const downloads = await Promise.all(plan.map((headers) => slowRead(base, exportPath, headers)));
      const end = Date.now() + options.exportSeconds * 1000;
      const over = () => Date.now() >= end;
      const health: number[] = [];
      const healthLoop = (async () => {
        while (!over()) {
          const response = await fetch(`${base}/api/v1/health`).catch(() => undefined);
          health.push(response?.status ?? 0);
          await response?.arrayBuffer();
          await sleep(200);
        }
      })();
      const transactions = watchTransactions(database.ownerUrl, appLogin, over);
      const duringExports = await readUntil(listUrl, reader, over);
      await healthLoop;
      const held = await transactions;
      const running = downloads.filter((download) => download.status === 200);
      const read = running.map((download) => download.read());
      for (const download of downloads) download.close();
      const statuses = new Map<number, number>();
      for (const download of downloads) statuses.set(download.status, (statuses.get(download.status) ?? 0) + 1);
      const refused = statuses.get(429) ?? 0;
      const others = downloads.length - running.length - refused;
      const healthy = health.filter((status) => status === 200).length;
      log(`  the other user's list, alone first: ${describeReads(quietBefore)}`);
      log(
        `  ${EXPORTS} exports of ${options.perTenant.toLocaleString('en-US')} prospects by ${EXPORT_USERS} users at once, read at 1 KB/s for ${options.exportSeconds} s: ` +
          `${running.length} served (200), ${refused} refused (429)${others ? `, ${others} answered otherwise (${[...statuses].map(([status, n]) => `${status} x${n}`).join(', ')})` : ''}; ` +
          `bytes read by each served client: ${read.join(', ')}`,
      );
      log(
        `  the app's connections in a transaction of over 1 s (the exports reading their rows): ${held.atFiveSeconds ?? 'not sampled'} at 5 s; ` +
          (held.stillAtEnd
            ? `still ${held.stillAtEnd} at ${options.exportSeconds} s`
            : held.lastSeenMs === 0
              ? 'none at any sample'
              : `none after ${(held.lastSeenMs / 1000).toFixed(1)} s`),
      );
      log(`  the other user's list meanwhile: ${describeReads(duringExports)}`);
      log(`  health checks meanwhile: ${healthy} of ${health.length} answered 200`);

      // (a) One upload of the most rows one request takes, then COPY of the same rows into another tenant.
      const quietBeforeUpload = await quiet();
      const rows = uploadRows(MAX_BULK_ROWS, 9);
      const body = JSON.stringify({ tenant_id: exportTenant, prospects: rows });
      let uploading = true;
      const started = performance.now();
      const upload = fetch(`${base}/api/v1/crm/prospects/bulk`, { method: 'POST', headers: admin, body })
        .then(async (response) => ({ status: response.status, answer: (await response.json()) as { total_created?: number } }))
        .finally(() => (uploading = false));
      const duringUpload = await readUntil(listUrl, reader, () => !uploading);
      const uploaded = await upload;
      const uploadMs = performance.now() - started;
      if (uploaded.answer.total_created !== MAX_BULK_ROWS) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.answer).slice(0, 300)}`);
      const copyMs = await copyRows(database.ownerUrl, copyText(rows, copyTenant, copyIds.statusId, copyIds.stageId));
      log(`  the other user's list, alone first: ${describeReads(quietBeforeUpload)}`);
      log(
        `  upload of ${MAX_BULK_ROWS.toLocaleString('en-US')} rows in one request: ${(uploadMs / 1000).toFixed(2)} s; COPY of the same rows into another tenant: ${(copyMs / 1000).toFixed(2)} s`,
      );
      log(`  the other user's list meanwhile: ${describeReads(duringUpload)}`);

      const load = loadWatch.stop();
      const exportsP95 = percentile(duringExports.times, 0.95);
      const uploadP95 = percentile(duringUpload.times, 0.95);
      log(`\n  Default path, targets (load average, 1 min, while measured: ${describeLoad(load)}):`);
      printTable(log, [
        ['figure', 'target', 'embedded default'],
        [
          `${EXPORTS} exports at once by ${EXPORT_USERS} users, read at 1 KB/s`,
          `${served} served, ${EXPORTS - served} refused (429)`,
          `${running.length} served, ${refused} refused ${verdict(running.length === served && refused === EXPORTS - served)}`,
        ],
        [
          "another user's list p95 during the exports",
          `<= ${TARGETS.listP95Ms} ms`,
          `${ms(exportsP95)} (alone ${ms(percentile(quietBefore.times, 0.95))}) ${verdict(exportsP95 <= TARGETS.listP95Ms && duringExports.failures === 0)}`,
        ],
        ['health checks during the exports', 'all 200', `${healthy} of ${health.length} ${verdict(health.length > 0 && healthy === health.length)}`],
        [
          `upload of ${MAX_BULK_ROWS.toLocaleString('en-US')} rows (one request)`,
          `<= ${TARGETS.uploadSeconds} s`,
          `${(uploadMs / 1000).toFixed(2)} s (COPY ${(copyMs / 1000).toFixed(2)} s) ${verdict(uploadMs <= TARGETS.uploadSeconds * 1000)}`,
        ],
        [
          "another user's list p95 during the upload",
          `<= ${TARGETS.listP95Ms} ms`,
          `${ms(uploadP95)} (alone ${ms(percentile(quietBeforeUpload.times, 0.95))}) ${verdict(uploadP95 <= TARGETS.listP95Ms && duringUpload.failures === 0)}`,
        ],
      ]);
    },
    { LOGIN_LIMIT_PER_IP_PER_MINUTE: '1000' },
  );
}
