/**
 * The call queue's claim on PostgreSQL: 20 callers working one tenant of 100,000 prospects at
 * once through POST /crm/call-queue/next (each claim followed by what its outcome does to the queue),
 * beside the bare claim statement sent straight to the database by 20 connections, and beside two
 * signed-in requests of the same callers (floorCaller). Every prospect handed out is recorded: one
 * handed to two callers is reported as a failure. The sides take turns in alternating slices, as the
 * machine may be shared.
 */
import http from 'node:http';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { CallCard, Goal } from '@app/shared/contracts';
import type { DatabaseHandle } from '../src/db/client';
import { DEMO_ADMIN } from '../src/db/seed';
import { rowsOf } from '../src/db/raw-sql';
import { call } from '../src/testing/child-server';
import { localDate } from '../src/lib/today';
import { CSRF, login } from './crm';
import { startChild } from './lib/child';
import { buildDataset } from './lib/dataset';
import { verdict } from './lib/load';

export interface CallQueueBenchOptions {
  target: string;
  open: () => Promise<DatabaseHandle>;
  perTenant: number;
  callers: number;
  /** Seconds per side, split over `rounds` alternating slices. */
  seconds: number;
  rounds: number;
  log: (line: string) => void;
}

const P95_TARGET_MS = 20;

interface Side {
  times: number[];
  handed: Map<string, number>;
  failures: number;
}

/** The machine's load as `uptime` prints it: the figures mean little on a machine busy with other work. */
const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')} (${os.cpus().length} cores)`;

const newSide = (): Side => ({ times: [], handed: new Map(), failures: 0 });

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;
}

function report(label: string, side: Side, seconds: number): string {
  const twice = [...side.handed.values()].filter((n) => n > 1).length;
  const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(9);
  return `${label.padEnd(44)} ${String(Math.round(side.times.length / seconds)).padStart(6)} claims/s  p50 ${ms(percentile(side.times, 0.5))}  p95 ${ms(percentile(side.times, 0.95))}  p99 ${ms(percentile(side.times, 0.99))}  handed twice ${twice}  failures ${side.failures}`;
}

async function until(deadline: number, work: () => Promise<void>) {
  while (Date.now() < deadline) await work();
}

async function json<T>(response: Response, expected: number): Promise<T> {
  if (response.status !== expected) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Staff users of the tenant, made and signed in through the API. */
async function callers(base: string, tenantId: string, count: number): Promise<Array<Record<string, string>>> {
  const admin = await login(base, DEMO_ADMIN);
  const headers = { ...admin, 'content-type': 'application/json', 'x-csrftoken': CSRF };
  const out: Array<Record<string, string>> = [];
  for (let i = 0; i < count; i += 1) {
    const who = { email: `bench-caller-${i}@example.com`, password: 'bench-caller-password' };
    await json(
      await fetch(`${base}/api/v1/auth/users`, { method: 'POST', headers, body: JSON.stringify({ ...who, tenant_id: tenantId, is_staff: true }) }),
      201,
    );
    out.push({ ...(await login(base, who)), 'content-type': 'application/json', 'x-csrftoken': CSRF });
  }
  return out;
}

/**
 * What a caller's outcome does to the queue, in SQL, the same for both sides: the prospect goes to
 * the back (called now) and its claim is released. Sent on the caller's own connection, so the
 * app's pool serves only the claims being measured.
 */
async function workedAndReleased(client: pg.Client, tenantId: string, prospectId: string) {
  await client.query('begin');
  await client.query('update prospects set last_contacted = now(), updated_at = now() where tenant_id = $1 and id = $2', [tenantId, prospectId]);
  await client.query('update call_queue_claims set expires_at = now(), version = version + 1 where tenant_id = $1 and prospect_id = $2', [
    tenantId,
    prospectId,
  ]);
  await client.query('commit');
}

/**
 * The callers' requests: node:http over kept-alive connections. fetch costs the load generator about
 * a millisecond of CPU more per request (web streams around every body), and on a machine of two
 * cores that time is taken from the server being measured, on both sides of the comparison.
 */
interface Client {
  port: number;
  agent: http.Agent;
}

/** One caller of the app: next (timed), then the prospect worked and let go. */
async function appCaller(
  client: Client,
  headers: Record<string, string>,
  body: { tenantId: string; goalId: string },
  db: pg.Client,
  side: Side,
  deadline: number,
) {
  await until(deadline, async () => {
    const started = performance.now();
    const response = await call(client.port, {
      ...client,
      method: 'POST',
      path: '/api/v1/crm/call-queue/next',
      headers,
      body: { tenant_id: body.tenantId, goal_id: body.goalId, filter: {} },
    });
    if (response.status !== 200) {
      side.failures += 1;
      return;
    }
    const card = JSON.parse(response.body) as CallCard;
    side.times.push(performance.now() - started);
    side.handed.set(card.prospect.id, (side.handed.get(card.prospect.id) ?? 0) + 1);
    await workedAndReleased(db, body.tenantId, card.prospect.id);
  });
}

/**
 * The floors a signed-in request has here, by the same callers in the same loop: GET /auth/me (the
 * session check, no statement: what HTTP alone costs on this machine) and the caller's callbacks due
 * today (none: one small statement behind the tenant wall, the round trip `next` cannot do without).
 */
async function floorCaller(client: Client, path: string, headers: Record<string, string>, side: Side, deadline: number) {
  await until(deadline, async () => {
    const started = performance.now();
    const response = await call(client.port, { ...client, path, headers });
    if (response.status !== 200) {
      side.failures += 1;
      return;
    }
    side.times.push(performance.now() - started);
  });
}

/**
 * One caller's claim alone (timed), as the database owner on a connection of its own: no tenant
 * wall, no card, no HTTP, and each caller's own statement (the app sends callers asking at once
 * together in one, claim-lanes.ts); then, like an outcome, the prospect marked called and its
 * claim released.
 */
async function bareCaller(client: pg.Client, tenantId: string, callerId: string, side: Side, deadline: number) {
  await until(deadline, async () => {
    const started = performance.now();
    const result = await client.query<{ claimed: string | null }>(
      `with candidate as (
         select prospects.tenant_id, prospects.id, coalesce(c.version, -1) as seen_version
         from prospects left join call_queue_claims c on c.tenant_id = prospects.tenant_id and c.prospect_id = prospects.id
         where prospects.tenant_id = $1 and prospects.state = 'active' and not (prospects.id = any($3::uuid[]))
           and (c.prospect_id is null or c.expires_at <= now())
           and not exists (select 1 from callbacks b where b.tenant_id = prospects.tenant_id and b.prospect_id = prospects.id and b.done_at is null)
           and not orbitra_claim_live(prospects.tenant_id, coalesce(c.prospect_id, prospects.id), now())
         order by prospects.last_contacted asc nulls first, prospects.created_at desc, prospects.id desc
         limit 1 for update of prospects skip locked),
       claimed as (
         insert into call_queue_claims (tenant_id, prospect_id, caller, expires_at, version)
         select tenant_id, id, $2, now() + interval '5 minutes', seen_version from candidate
         on conflict (tenant_id, prospect_id) do update
           set caller = excluded.caller, expires_at = excluded.expires_at, version = call_queue_claims.version + 1
           where call_queue_claims.version = excluded.version and call_queue_claims.expires_at <= now()
         returning prospect_id)
       select (select prospect_id from claimed) as claimed`,
      [tenantId, callerId, []],
    );
    const id = result.rows[0]?.claimed;
    if (!id) {
      side.failures += 1;
      return;
    }
    side.times.push(performance.now() - started);
    side.handed.set(id, (side.handed.get(id) ?? 0) + 1);
    await workedAndReleased(client, tenantId, id);
  });
}

export async function benchCallQueue(options: CallQueueBenchOptions): Promise<void> {
  const { log } = options;
  log(`\n== Call queue on PostgreSQL: ${options.callers} callers, one tenant of ${options.perTenant.toLocaleString('en-US')} prospects ==`);
  const handle = await options.open();
  const data = await buildDataset(handle, { tenants: 1, perTenant: options.perTenant, log });
  await handle.close();
  const tenantId = data.measuredTenantId;

  // Every caller signs in from this one address.
  const server = await startChild('app.ts', { BENCH_DATABASE: options.target, LOGIN_LIMIT_PER_IP_PER_MINUTE: '1000' });
  const bare = await Promise.all(Array.from({ length: options.callers }, () => new pg.Client({ connectionString: options.target })));
  const client: Client = { port: Number(new URL(server.url).port), agent: new http.Agent({ keepAlive: true }) };
  try {
    const heads = await callers(server.url, tenantId, options.callers);
    // Each caller counts on a goal of their own, as a team's callers do.
    const goals = await Promise.all(
      heads.map(async (headers, i) =>
        json<Goal>(
          await fetch(`${server.url}/api/v1/crm/goals`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ tenant_id: tenantId, name: `Bench calls ${i}`, target_count: 500, start_date: localDate(), end_date: '2999-01-01' }),
          }),
          201,
        ),
      ),
    );
    const bodies = goals.map((goal) => ({ tenantId, goalId: goal.id }));

    await Promise.all(bare.map((client) => client.connect()));
    const probe = await options.open();
    const users = rowsOf<{ id: string }>(await probe.db.execute(sql`select id from users where email like 'bench-caller-%' order by email`));
    await probe.close();

    const app = newSide();
    const baseline = newSide();
    const floor = newSide();
    const oneStatement = newSide();
    const callbacksPath = `/api/v1/crm/callbacks?tenant_id=${tenantId}&due=today`;
    log(`  before: ${loadAverage()}`);
    const slice = (options.seconds / options.rounds) * 1000;
    // A short warm-up of each side, not counted.
    await Promise.all(heads.map((h, i) => appCaller(client, h, bodies[i], bare[i], newSide(), Date.now() + 1500)));
    await Promise.all(bare.map((c, i) => bareCaller(c, tenantId, users[i].id, newSide(), Date.now() + 1500)));
    for (let round = 0; round < options.rounds; round += 1) {
      const appEnd = Date.now() + slice;
      await Promise.all(heads.map((h, i) => appCaller(client, h, bodies[i], bare[i], app, appEnd)));
      const bareEnd = Date.now() + slice;
      await Promise.all(bare.map((c, i) => bareCaller(c, tenantId, users[i].id, baseline, bareEnd)));
      const floorEnd = Date.now() + slice;
      await Promise.all(heads.map((h) => floorCaller(client, '/api/v1/auth/me', h, floor, floorEnd)));
      const oneEnd = Date.now() + slice;
      await Promise.all(heads.map((h) => floorCaller(client, callbacksPath, h, oneStatement, oneEnd)));
    }
    const seconds = options.seconds;
    log(`  after:  ${loadAverage()}`);
    log(report('POST /crm/call-queue/next', app, seconds));
    log(report('bare claim statement (baseline, same run)', baseline, seconds));
    const floorReport = (label: string, side: Side) =>
      report(label, side, seconds)
        .replace(/claims\/s/, 'req/s   ')
        .replace(/ {2}handed twice.*$/, '');
    log(floorReport('GET /auth/me (no statement, same run)', floor));
    log(floorReport('GET /crm/callbacks (one statement, same run)', oneStatement));
    const ratio = (side: Side, p: number) => (percentile(app.times, p) / percentile(side.times, p)).toFixed(2);
    log(
      `  next against the floors: ${ratio(floor, 0.5)}x / ${ratio(floor, 0.95)}x GET /auth/me, ${ratio(oneStatement, 0.5)}x / ${ratio(oneStatement, 0.95)}x GET /crm/callbacks (p50 / p95)`,
    );
    const p95 = percentile(app.times, 0.95);
    const twice = [...app.handed.values(), ...baseline.handed.values()].some((n) => n > 1);
    log(
      `  no prospect handed to two callers: ${verdict(!twice)}   next p95 ${p95.toFixed(2)} ms (target ≤ ${P95_TARGET_MS} ms): ${verdict(p95 <= P95_TARGET_MS)}`,
    );
  } finally {
    client.agent.destroy();
    await Promise.all(bare.map((client) => client.end().catch(() => undefined)));
    await server.stop();
  }
}
