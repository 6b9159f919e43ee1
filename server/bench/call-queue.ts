/**
 * The call queue on the embedded default, one tenant of 100,000 prospects.
 *
 * A call centre: 500 callers, each asking POST /crm/call-queue/next once a minute (each at its own
 * moment of the minute: about 8 claims a second, as 500 real callers at one call a minute), and
 * recording the call's outcome (POST …/outcome, a status with the call counted on the caller's
 * goal) after a random 20–60 s. The run lasts BENCH_QUEUE_MINUTES minutes instead of a working day,
 * and BENCH_QUEUE_TALK_SCALE shortens the calls (0.1: 2–6 s) without changing the claims per
 * second. Half-way through, 50 of the callers ask again in the same 100 ms (the burst). Then the
 * same schedule with the bare claim statement (as the database owner, no HTTP, no tenant wall, no
 * card) on a pool of connections: the floor `next` stands on, from the same run.
 *
 * The stress run: 20 callers asking back-to-back (each claim followed by what its outcome does to
 * the queue), the app and the bare statement in alternating slices. No target.
 *
 * Every prospect handed out is recorded: one handed to two callers is a failure, and every outcome
 * the API acknowledged must be stored (the goals' counted calls). Figures come with the machine's
 * load average: on a shared machine they say little without it.
 */
import http from 'node:http';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { CallCard, Goal } from '@app/shared/contracts';
import { DEMO_ADMIN } from '../src/seed/seed';
import { rowsOf } from '../src/db/raw-sql';
import { call } from '../src/testing/child-server';
import { localDate } from '../src/lib/today';
import { openOwner } from '../src/testing/owner-db';
import { startChild } from './lib/child';
import { serverEnv, type BenchDatabase } from './lib/databases';
import { buildDataset } from './lib/dataset';
import { verdict } from './lib/load';
import { login, writeHeaders } from './lib/sign-in';

export interface CallQueueBenchOptions {
  database: BenchDatabase;
  perTenant: number;
  /** Callers of the stress run. */
  callers: number;
  /** Seconds of the stress run per side, split over `rounds` alternating slices. */
  seconds: number;
  rounds: number;
  log: (line: string) => void;
}

const CENTRE_CALLERS = Number(process.env.BENCH_QUEUE_CENTRE_CALLERS ?? 500);
const MINUTES = Number(process.env.BENCH_QUEUE_MINUTES ?? 2);
const TALK_SCALE = Number(process.env.BENCH_QUEUE_TALK_SCALE ?? 1);
const BURST_CALLERS = Math.min(50, CENTRE_CALLERS);
const BURST_WINDOW_MS = 100;
const MINUTE_MS = 60_000;
const TARGET = { p95: 20, p99: 50 };

interface Side {
  times: number[];
  handed: Map<string, number>;
  /** Answers other than a card (the app) or no claim although the queue was not empty (bare: taken). */
  failures: number;
  outcomes: number;
}

const newSide = (): Side => ({ times: [], handed: new Map(), failures: 0, outcomes: 0 });

const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')} (${os.cpus().length} cores)`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const talkMs = () => (20_000 + Math.random() * 40_000) * TALK_SCALE;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;
}

function report(label: string, side: Side, seconds: number): string {
  const twice = [...side.handed.values()].filter((n) => n > 1).length;
  const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(9);
  return `  ${label.padEnd(40)} ${side.times.length.toString().padStart(6)} claims (${(side.times.length / seconds).toFixed(1).padStart(6)}/s)  p50 ${ms(percentile(side.times, 0.5))}  p95 ${ms(percentile(side.times, 0.95))}  p99 ${ms(percentile(side.times, 0.99))}  max ${ms(Math.max(...side.times))}  handed twice ${twice}  failures ${side.failures}`;
}

function hand(side: Side, id: string, started: number) {
  side.times.push(performance.now() - started);
  side.handed.set(id, (side.handed.get(id) ?? 0) + 1);
}

function merged(...sides: Side[]): Side {
  const all = newSide();
  for (const side of sides) {
    all.times.push(...side.times);
    all.failures += side.failures;
    all.outcomes += side.outcomes;
    for (const [id, n] of side.handed) all.handed.set(id, (all.handed.get(id) ?? 0) + n);
  }
  return all;
}

async function json<T>(response: Response, expected: number): Promise<T> {
  if (response.status !== expected) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T, R>(items: T[], width: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i], i);
      }
    }),
  );
  return out;
}

interface Caller {
  headers: Record<string, string>;
  goalId: string;
  userId: string;
}

/** Staff users of the tenant, made and signed in through the API, each with a goal of their own. */
async function makeCallers(base: string, tenantId: string, count: number): Promise<Caller[]> {
  const admin = writeHeaders(await login(base, DEMO_ADMIN));
  return inParallel(
    Array.from({ length: count }, (_, i) => i),
    4,
    async (i) => {
      const who = { email: `bench-caller-${i}@example.com`, password: 'bench-caller-password' };
      const user = await json<{ id: string }>(
        await fetch(`${base}/api/v1/auth/users`, { method: 'POST', headers: admin, body: JSON.stringify({ ...who, tenant_id: tenantId, is_staff: true }) }),
        201,
      );
      const headers = writeHeaders(await login(base, who));
      const goal = await json<Goal>(
        await fetch(`${base}/api/v1/crm/goals`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ tenant_id: tenantId, name: `Bench calls ${i}`, target_count: 500, start_date: localDate(), end_date: '2999-01-01' }),
        }),
        201,
      );
      return { headers, goalId: goal.id, userId: user.id };
    },
  );
}

/** node:http over kept-alive connections: fetch costs the load generator about a millisecond more per request. */
interface Client {
  port: number;
  agent: http.Agent;
}

/** One `next` of the app, timed; then, after the call, `finish` (true: the outcome was acknowledged). */
async function appCall(client: Client, tenantId: string, caller: Caller, side: Side, talk: number, finish: (prospectId: string) => Promise<boolean>) {
  const started = performance.now();
  const response = await call(client.port, {
    ...client,
    method: 'POST',
    path: '/api/v1/crm/call-queue/next',
    headers: caller.headers,
    body: { tenant_id: tenantId, goal_id: caller.goalId, filter: {} },
  });
  if (response.status !== 200) {
    side.failures += 1;
    return;
  }
  const card = JSON.parse(response.body) as CallCard;
  hand(side, card.prospect.id, started);
  await sleep(talk);
  if (await finish(card.prospect.id)) side.outcomes += 1;
  else side.failures += 1;
}

/** The call's outcome through the API: a status, the call counted on the caller's goal, the claim released. */
async function apiOutcome(client: Client, caller: Caller, statusId: string, prospectId: string): Promise<boolean> {
  const outcome = await call(client.port, {
    ...client,
    method: 'POST',
    path: `/api/v1/crm/call-queue/${prospectId}/outcome`,
    headers: caller.headers,
    body: { goal_id: caller.goalId, status_id: statusId },
  });
  return outcome.status === 200;
}

/**
 * The claim alone, as the database owner: the app's claim statement without the card (claim.ts).
 * Answers the prospect, or null when nothing is free.
 */
const BARE_CLAIM = `with candidate as (
    select t.tenant_id, t.id
    from prospects t join call_queue_claims c on c.tenant_id = t.tenant_id and c.prospect_id = t.id
    where t.tenant_id = $1 and t.state = 'active' and not (t.id = any($3::uuid[]))
      and (c.caller is null or c.expires_at <= now())
      and not exists (select 1 from callbacks b where b.tenant_id = t.tenant_id and b.prospect_id = t.id and b.done_at is null)
    order by t.last_contacted asc nulls first, t.created_at desc, t.id desc
    limit 1 for update of c skip locked),
  claimed as (
    update call_queue_claims c set caller = $2, expires_at = now() + interval '5 minutes'
    from candidate k where c.tenant_id = k.tenant_id and c.prospect_id = k.id
    returning c.prospect_id)
  select (select prospect_id from claimed) as claimed`;

/**
 * What an outcome does to the queue, in SQL: the prospect goes to the back (called now) and its
 * claim is released, in one transaction that locks the prospect first, as the app's outcome does.
 */
async function workedAndReleased(db: pg.Pool | pg.Client, tenantId: string, prospectId: string) {
  const client = db instanceof pg.Pool ? await db.connect() : db;
  try {
    await client.query('begin');
    await client.query('update prospects set last_contacted = now(), updated_at = now() where tenant_id = $1 and id = $2', [tenantId, prospectId]);
    await client.query('update call_queue_claims set expires_at = now() where tenant_id = $1 and prospect_id = $2', [tenantId, prospectId]);
    await client.query('commit');
  } finally {
    if (db instanceof pg.Pool) (client as pg.PoolClient).release();
  }
}

/** One bare claim, timed; then, after the call, what its outcome does to the queue. */
async function bareCall(db: pg.Pool | pg.Client, tenantId: string, callerId: string, side: Side, talk: number) {
  const started = performance.now();
  const result = await db.query<{ claimed: string | null }>(BARE_CLAIM, [tenantId, callerId, []]);
  const id = result.rows[0]?.claimed;
  if (!id) {
    side.failures += 1;
    return;
  }
  hand(side, id, started);
  await sleep(talk);
  await workedAndReleased(db, tenantId, id);
  side.outcomes += 1;
}

/**
 * The call centre's schedule: every caller asks once a minute at its own moment of it, for
 * MINUTES minutes; half-way, BURST_CALLERS of them ask again within BURST_WINDOW_MS. Answers
 * when every call has its outcome.
 */
async function callCentre(ask: (caller: number, side: Side, talk: number) => Promise<void>): Promise<{ steady: Side; burst: Side; seconds: number }> {
  const steady = newSide();
  const burst = newSide();
  const start = performance.now() + 1000;
  const calls: Array<Promise<void>> = [];
  const schedule = (at: number, work: () => Promise<void>) => calls.push(sleep(at - performance.now()).then(work));
  for (let caller = 0; caller < CENTRE_CALLERS; caller += 1) {
    const moment = Math.random() * MINUTE_MS;
    for (let minute = 0; minute < MINUTES; minute += 1) schedule(start + minute * MINUTE_MS + moment, () => ask(caller, steady, talkMs()));
  }
  const burstAt = start + (MINUTES * MINUTE_MS) / 2;
  for (let caller = 0; caller < BURST_CALLERS; caller += 1) schedule(burstAt + Math.random() * BURST_WINDOW_MS, () => ask(caller, burst, talkMs()));
  await Promise.all(calls);
  return { steady, burst, seconds: (MINUTES * MINUTE_MS) / 1000 };
}

/**
 * The floor a burst has here: BURST_CALLERS signed-in requests of `path` within BURST_WINDOW_MS,
 * through the same server (GET /auth/me: no statement; GET /crm/callbacks: one small statement
 * behind the tenant wall), so the burst of `next` can be read against what any request costs.
 */
async function burstFloor(client: Client, callers: Caller[], path: string): Promise<Side> {
  const side = newSide();
  await Promise.all(
    callers.slice(0, BURST_CALLERS).map(async (caller) => {
      await sleep(Math.random() * BURST_WINDOW_MS);
      const started = performance.now();
      const response = await call(client.port, { ...client, path, headers: caller.headers });
      if (response.status === 200) side.times.push(performance.now() - started);
      else side.failures += 1;
    }),
  );
  return side;
}

async function until(deadline: number, work: () => Promise<void>) {
  while (Date.now() < deadline) await work();
}

/** The outcomes the database holds for the bench's goals: every acknowledged one must be there. */
async function storedCalls(options: CallQueueBenchOptions, tenantId: string): Promise<number> {
  const probe = openOwner(options.database.ownerUrl);
  try {
    const [row] = rowsOf<{ calls: string }>(
      await probe.db.execute(sql`select count(*) as calls from calls d join goals g on g.tenant_id = d.tenant_id and g.id = d.goal_id
        where d.tenant_id = ${tenantId} and g.name like 'Bench calls %'`),
    );
    return Number(row.calls);
  } finally {
    await probe.close();
  }
}

export async function benchCallQueue(options: CallQueueBenchOptions): Promise<void> {
  const { log } = options;
  log(`\n== Call queue on ${options.database.label}: one tenant of ${options.perTenant.toLocaleString('en-US')} prospects ==`);
  const handle = openOwner(options.database.ownerUrl);
  const data = await buildDataset(handle, { tenants: 1, perTenant: options.perTenant, log });
  const [noAnswer] = rowsOf<{ id: string }>(
    await handle.db.execute(sql`select id from status_options where tenant_id = ${data.measuredTenantId} and name = 'No Answer'`),
  );
  await handle.close();
  const tenantId = data.measuredTenantId;

  // Every caller signs in from this one address.
  const server = await startChild('app.ts', { ...serverEnv(options.database), LOGIN_LIMIT_PER_IP_PER_MINUTE: '100000' });
  const client: Client = { port: Number(new URL(server.url).port), agent: new http.Agent({ keepAlive: true }) };
  const pool = new pg.Pool({ connectionString: options.database.ownerUrl, max: 20 });
  const bare = Array.from({ length: options.callers }, () => new pg.Client({ connectionString: options.database.ownerUrl }));
  try {
    const started = performance.now();
    const callers = await makeCallers(server.url, tenantId, CENTRE_CALLERS);
    log(`  ${CENTRE_CALLERS} callers signed in, each with a goal (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    await Promise.all(bare.map((c) => c.connect()));

    // A short warm-up of both sides, not counted.
    await Promise.all(callers.slice(0, 20).map((c) => appCall(client, tenantId, c, newSide(), 0, (id) => apiOutcome(client, c, noAnswer.id, id))));
    await Promise.all(callers.slice(0, 20).map((c) => bareCall(pool, tenantId, c.userId, newSide(), 0)));
    const warmUpCalls = await storedCalls(options, tenantId);

    log(
      `\n  Call centre: ${CENTRE_CALLERS} callers, one call a minute each (${(CENTRE_CALLERS / 60).toFixed(1)} claims/s), outcomes after ${20 * TALK_SCALE}–${60 * TALK_SCALE} s, ${MINUTES} min; a burst of ${BURST_CALLERS} callers within ${BURST_WINDOW_MS} ms half-way`,
    );
    log(`  app, before:  ${loadAverage()}`);
    const app = await callCentre((i, side, talk) => appCall(client, tenantId, callers[i], side, talk, (id) => apiOutcome(client, callers[i], noAnswer.id, id)));
    log(`  app, after:   ${loadAverage()}`);
    const stored = (await storedCalls(options, tenantId)) - warmUpCalls;
    const floorMe = await burstFloor(client, callers, '/api/v1/auth/me');
    const floorCallbacks = await burstFloor(client, callers, `/api/v1/crm/callbacks?tenant_id=${tenantId}&due=today`);
    log(`  bare, before: ${loadAverage()}`);
    const base = await callCentre((i, side, talk) => bareCall(pool, tenantId, callers[i].userId, side, talk));
    log(`  bare, after:  ${loadAverage()}`);
    const appAll = merged(app.steady, app.burst);
    const baseAll = merged(base.steady, base.burst);
    log(report('POST /crm/call-queue/next, steady', app.steady, app.seconds));
    log(report('POST /crm/call-queue/next, burst', app.burst, BURST_WINDOW_MS / 1000));
    log(report('POST /crm/call-queue/next, all', appAll, app.seconds));
    const floor = (label: string, side: Side) =>
      report(label, side, BURST_WINDOW_MS / 1000)
        .replace(/claims \(/, 'req    (')
        .replace(/ {2}handed twice \d+/, '');
    log(floor('burst floor: GET /auth/me', floorMe));
    log(floor('burst floor: GET /crm/callbacks', floorCallbacks));
    log(report('bare claim statement, steady', base.steady, base.seconds));
    log(report('bare claim statement, burst', base.burst, BURST_WINDOW_MS / 1000));
    log(report('bare claim statement, all', baseAll, base.seconds));
    log(`  bare claim statements that found their candidate taken (failures above): steady ${base.steady.failures}, burst ${base.burst.failures}`);
    const p95 = percentile(appAll.times, 0.95);
    const p99 = percentile(appAll.times, 0.99);
    const twice = [...appAll.handed.values(), ...baseAll.handed.values()].some((n) => n > 1);
    log(
      `  next p95 ${p95.toFixed(2)} ms (target ≤ ${TARGET.p95} ms): ${verdict(p95 <= TARGET.p95)}   p99 ${p99.toFixed(2)} ms (target ≤ ${TARGET.p99} ms): ${verdict(p99 <= TARGET.p99)}`,
    );
    log(`  no prospect handed to two callers: ${verdict(!twice)}   every next answered a card: ${verdict(appAll.failures === 0)}`);
    log(`  outcomes acknowledged ${appAll.outcomes}, stored ${stored}: ${verdict(stored === appAll.outcomes)}`);

    // The stress run: callers asking back-to-back.
    const stressApp = newSide();
    const stressBare = newSide();
    const slice = (options.seconds / options.rounds) * 1000;
    log(`\n  Stress: ${options.callers} callers asking back-to-back, ${options.seconds} s per side (no target)`);
    log(`  before: ${loadAverage()}`);
    for (let round = 0; round < options.rounds; round += 1) {
      const appEnd = Date.now() + slice;
      // What the outcome does to the queue goes through the caller's own connection, so the app's pool serves only the claims.
      await Promise.all(
        callers
          .slice(0, options.callers)
          .map((c, i) => until(appEnd, () => appCall(client, tenantId, c, stressApp, 0, (id) => workedAndReleased(bare[i], tenantId, id).then(() => true)))),
      );
      const bareEnd = Date.now() + slice;
      await Promise.all(bare.map((db, i) => until(bareEnd, () => bareCall(db, tenantId, callers[i].userId, stressBare, 0))));
    }
    log(`  after:  ${loadAverage()}`);
    log(report('POST /crm/call-queue/next (stress)', stressApp, options.seconds));
    log(report('bare claim statement (stress)', stressBare, options.seconds));
    const stressTwice = [...merged(stressApp, stressBare).handed.values()].some((n) => n > 1);
    log(`  no prospect handed to two callers: ${verdict(!stressTwice)}`);
  } finally {
    client.agent.destroy();
    await pool.end().catch(() => undefined);
    await Promise.all(bare.map((c) => c.end().catch(() => undefined)));
    await server.stop();
  }
}
