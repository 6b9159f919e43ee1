import path from 'node:path';
import pg from 'pg';
import type { FunnelReport } from '@app/shared/contracts';
import { createTestApp, tempDir, type TestApp } from '../../testing/test-app';
import { expectStatus } from '../../testing/crm-fixture';
import { postgresBinDir, startStreamingReplica, startThrowawayPostgres, type StreamingReplica, type ThrowawayPostgres } from '../../testing/throwaway-postgres';
import { openDatabase, openPostgres, type DatabaseHandle } from '../client';
import { runMigrations } from '../migrate';
import { LAG_NOTE_AFTER_SECONDS, REPLICA_DOWN_FOR_MS } from '../read-replica';
import { checkReadAppLogin } from '../wall/app-login';

/**
 * DATABASE_READ_URL against a real streaming replica of Debian's PostgreSQL (pg_basebackup -R): the
 * reports, list exports and dashboard counts read it, through the app's own login and the wall; what a
 * user writes and reads back stays on the primary. Replay is paused on the replica to tell the two
 * apart: a row written then is on the list (primary) and not yet in the report (replica).
 */
const debianBin = postgresBinDir();
const describeWithDebian = debianBin ? describe : describe.skip;
if (!debianBin)
  console.warn(
    "read-replica.test.ts skipped: Debian's PostgreSQL binaries (/usr/lib/postgresql/<major>/bin) are not installed (apt-get install -y postgresql).",
  );

const APP_LOGIN = { name: 'orbitra_reader_web', password: 'web-login-test-password' };

function asLogin(url: string, login = APP_LOGIN): string {
  const parsed = new URL(url);
  parsed.username = login.name;
  parsed.password = login.password;
  return parsed.toString();
}

async function query<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let primary: ThrowawayPostgres;
let replica: StreamingReplica;
let handle: DatabaseHandle;
let t: TestApp;
let admin: string;
let tenantId: string;
let folder: ReturnType<typeof tempDir>;

/** The replica has received (and, unless replay is paused, replayed) everything the primary has written so far. */
async function replicaHas(part: 'receive' | 'replay'): Promise<void> {
  // The insert position: the throwaway cluster commits without waiting for the disk, so the write position may lag it.
  const [{ lsn }] = await query<{ lsn: string }>(primary.url, 'select pg_current_wal_insert_lsn()::text as lsn');
  await until(`the replica ${part}s ${lsn}`, async () => {
    const [row] = await query<{ ok: boolean }>(replica.url, `select pg_last_wal_${part}_lsn() >= '${lsn}'::pg_lsn as ok`);
    return row.ok;
  });
}

const funnel = async () => expectStatus<FunnelReport>(await t.request({ url: `/api/v1/crm/reports/funnel?tenant_id=${tenantId}`, token: admin }), 200);
const prospectsInReport = async () => (await funnel()).steps[0].count;
const listTotal = async () =>
  expectStatus<{ pagination: { total: number } }>(await t.request({ url: `/api/v1/crm/prospects?tenant_id=${tenantId}&limit=1`, token: admin }), 200).pagination
    .total;
const dashboardTotal = async () =>
  expectStatus<{ total_prospects: number }>(await t.request({ url: `/api/v1/crm/dashboard?tenant_id=${tenantId}`, token: admin }), 200).total_prospects;
const exportLines = async () => {
  const response = await t.request({ url: `/api/v1/crm/prospects/export?tenant_id=${tenantId}&format=csv`, token: admin });
  expect(response.statusCode).toBe(200);
  return response.body.trim().split(/\r?\n/).length - 1;
};
let made = 0;
const addProspect = async () => {
  made += 1;
  const body = { tenant_id: tenantId, name: `Replica Test ${made}`, phone1: `+1 555 700 ${String(made).padStart(4, '0')}` };
  expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/prospects', token: admin, body }), 201);
};
const outageLines = () => t.logs.filter((line) => String(line.msg).startsWith('read replica (DATABASE_READ_URL) unreachable'));
const backLines = () => t.logs.filter((line) => String(line.msg).startsWith('read replica (DATABASE_READ_URL) answers again'));

describeWithDebian('reads from a streaming replica (DATABASE_READ_URL)', () => {
  beforeAll(async () => {
    folder = tempDir('orbitra-read-replica-');
    primary = await startThrowawayPostgres(debianBin);
    const owner = openPostgres(primary.url, undefined, { poolSize: 2 });
    await runMigrations(owner);
    await owner.close();
    // The app's own login, as server/ENV.md recommends; the replica has it too, being a copy.
    await query(primary.url, `CREATE ROLE ${APP_LOGIN.name} LOGIN PASSWORD '${APP_LOGIN.password}' IN ROLE orbitra_app`);
    replica = await startStreamingReplica(primary.url, debianBin ?? '');
    handle = await openDatabase(
      {
        databaseUrl: primary.url,
        databaseAppUrl: asLogin(primary.url),
        databaseReadUrl: replica.url,
        databaseReadAppUrl: asLogin(replica.url),
        dataDir: path.join(folder.dir, 'unused'),
      },
      { poolSize: 4 },
    );
    await checkReadAppLogin(handle, (line) => {
      throw new Error(`the replica should answer at start: ${line}`);
    });
    t = await createTestApp({ database: { handle, dispose: async () => undefined } });
    admin = await t.loginAdmin();
    tenantId = t.seed?.tenantId ?? '';
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await handle?.close();
    await replica?.dispose();
    await primary?.dispose();
    folder?.remove();
  });

  test('reports, exports and dashboard counts read the replica, through the app login; the list reads the primary; a lagging report says how old it is', async () => {
    await addProspect();
    await replicaHas('replay');
    const before = await listTotal();
    expect(await prospectsInReport()).toBe(before);

    // An idle primary: the replica's last replayed change grows old without any lag, and no note is given.
    await new Promise((resolve) => setTimeout(resolve, (LAG_NOTE_AFTER_SECONDS + 1) * 1000));
    expect((await funnel()).lag).toBeNull();

    // The replica's connections are the app's login, never the owner's.
    const logins = await query<{ usename: string }>(
      replica.url,
      `select distinct usename from pg_stat_activity where backend_type = 'client backend' and usename <> 'postgres'`,
    );
    expect(logins.map((row) => row.usename)).toEqual([APP_LOGIN.name]);

    await query(replica.url, 'select pg_wal_replay_pause()');
    await addProspect();
    await replicaHas('receive');
    await until(`the replica's last replayed change is more than ${LAG_NOTE_AFTER_SECONDS} s old`, async () => {
      const [row] = await query<{ old: boolean }>(
        replica.url,
        `select now() - pg_last_xact_replay_timestamp() > interval '${LAG_NOTE_AFTER_SECONDS + 0.5} seconds' as old`,
      );
      return row.old;
    });

    // The user's list, on the primary, has the new row; the report, the dashboard and the export, on the replica, not yet.
    expect(await listTotal()).toBe(before + 1);
    const lagging = await funnel();
    expect(lagging.steps[0].count).toBe(before);
    expect(await dashboardTotal()).toBe(before);
    expect(await exportLines()).toBe(before);
    expect(lagging.lag).not.toBeNull();
    const [{ as_of }] = await query<{ as_of: Date }>(replica.url, 'select pg_last_xact_replay_timestamp() as as_of');
    expect(lagging.lag?.as_of).toBe(as_of.toISOString());
    expect(lagging.lag?.behind_seconds).toBeGreaterThan(LAG_NOTE_AFTER_SECONDS);

    await query(replica.url, 'select pg_wal_replay_resume()');
    await replicaHas('replay');
    const current = await funnel();
    expect(current.steps[0].count).toBe(before + 1);
    expect(current.lag).toBeNull();
    expect(await dashboardTotal()).toBe(before + 1);
  }, 60_000);

  test('a replica that stops: reports, dashboard and exports answer 200 from the primary at once, the outage logged once; once it is back, reads go to it again', async () => {
    await replica.stop();
    await addProspect();
    const expected = await listTotal();

    const started = Date.now();
    const report = await funnel();
    const tookMs = Date.now() - started;
    expect(report.steps[0].count).toBe(expected);
    expect(report.lag).toBeNull();
    expect(tookMs).toBeLessThan(2000);
    console.info(`report while the replica is stopped: ${tookMs} ms`);
    for (let i = 0; i < 5; i++) expect(await prospectsInReport()).toBe(expected);
    expect(await dashboardTotal()).toBe(expected);
    expect(await exportLines()).toBe(expected);
    expect(outageLines()).toHaveLength(1);

    const restarted = Date.now();
    await replica.start();
    await replicaHas('replay');
    // Left alone for REPLICA_DOWN_FOR_MS after it was last found away, then tried again.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, REPLICA_DOWN_FOR_MS - (Date.now() - restarted)) + 500));
    await query(replica.url, 'select pg_wal_replay_pause()');
    await addProspect();
    expect(await listTotal()).toBe(expected + 1);
    expect(await prospectsInReport()).toBe(expected);
    expect(backLines()).toHaveLength(1);
    expect(outageLines()).toHaveLength(1);
    await query(replica.url, 'select pg_wal_replay_resume()');
  }, 60_000);
});
