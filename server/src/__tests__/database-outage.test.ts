import pg from 'pg';
import { draftBody } from '../testing/quotation-helpers';
import { call, startChildServer, type ChildServer } from '../testing/child-server';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../testing/throwaway-postgres';

/**
 * The server on PostgreSQL while its database stops (pg_ctl stop -m fast) under a steady load and
 * starts again ten seconds later. The cluster is the test's own, never the suite's.
 */

const UNAVAILABLE = 'The database is unavailable. Try again shortly.';

interface Outcome {
  op: 'read' | 'write' | 'send';
  /** A send's client address. */
  to?: string;
  started: number;
  ended: number;
  status: number;
  body: string;
}

let cluster: ThrowawayPostgres | undefined;
let server: ChildServer | undefined;
let smtp: SmtpSink | undefined;
afterAll(async () => {
  if (server && server.process.exitCode === null) {
    server.process.kill('SIGKILL');
    await server.exited;
  }
  await cluster?.dispose();
  await smtp?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('while PostgreSQL is away requests answer 503 within 2 s, health says degraded, and the server recovers by itself without losing a write', async () => {
  cluster = await startThrowawayPostgres();
  smtp = await startSmtpSink();
  server = await startChildServer({
    DATABASE_URL: cluster.url,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://orbitra.test',
    // The load sends many quotations as one user: the per-user send limit would answer 429, not the outage.
    QUOTATION_SEND_LIMIT_PER_USER_PER_HOUR: '100000',
  });
  const port = server.port;
  const login = await call(port, { method: 'POST', path: '/api/v1/auth/login', body: { email: 'admin@example.com', password: 'admin-password' } });
  expect(login.status).toBe(200);
  const token = JSON.parse(login.body).access_token as string;
  const tenants = JSON.parse((await call(port, { path: '/api/v1/crm/tenants', token })).body) as Array<{ id: string }>;
  const tenantId = tenants[0].id;

  const outcomes: Outcome[] = [];
  const health: Array<{ at: number; status: number; body: string }> = [];
  let running = true;
  const timed = async (op: Outcome['op'], request: Parameters<typeof call>[1]): Promise<Outcome> => {
    const started = Date.now();
    const answer = await call(port, { ...request, token }).catch((error: Error) => ({ status: 0, body: error.message }));
    const outcome = { op, started, ended: Date.now(), status: answer.status, body: answer.body };
    outcomes.push(outcome);
    return outcome;
  };
  const worker = async (n: number) => {
    for (let i = 0; running; i += 1) {
      await timed('read', { path: `/api/v1/quotations?tenant_id=${tenantId}` });
      const created = await timed('write', {
        method: 'POST',
        path: '/api/v1/quotations',
        body: { tenant_id: tenantId, ...draftBody({ title: `Outage ${n}-${i}`, client_email: `client-${n}-${i}@outage.example.com` }) },
      });
      if (created.status === 201 && i % 3 === 0) {
        const id = (JSON.parse(created.body) as { id: string }).id;
        const sent = await timed('send', { method: 'POST', path: `/api/v1/quotations/${id}/send` });
        sent.to = `client-${n}-${i}@outage.example.com`;
      }
      await sleep(50);
    }
  };
  const probe = async () => {
    while (running) {
      const at = Date.now();
      const answer = await call(port, { path: '/api/v1/health' }).catch((error: Error) => ({ status: 0, body: error.message }));
      health.push({ at, status: answer.status, body: answer.body });
      await sleep(200);
    }
  };
  const load = Promise.all([worker(1), worker(2), worker(3), worker(4), probe()]);

  await sleep(3000);
  const stopAt = Date.now();
  await cluster.stop();
  const stoppedAt = Date.now();
  await sleep(10_000);
  await cluster.start();
  const backAt = Date.now();
  await sleep(8000);
  running = false;
  await load;
  if (server.process.exitCode !== null) throw new Error(`the server exited:\n${server.output.join('').slice(-3000)}`);

  // No request hangs, none answers 500 or fails on the socket.
  const slowest = Math.max(...outcomes.map((o) => o.ended - o.started));
  expect(outcomes.filter((o) => o.status === 0 || (o.status >= 500 && o.status !== 503))).toEqual([]);
  expect(slowest).toBeLessThanOrEqual(2000);
  const refused = outcomes.filter((o) => o.status === 503);
  expect(refused.length).toBeGreaterThan(0);
  for (const o of refused) expect(JSON.parse(o.body)).toEqual({ detail: UNAVAILABLE });
  const first503 = Math.min(...refused.map((o) => o.ended)) - stopAt;

  // Health says degraded while the database is away.
  const away = health.filter((h) => h.at > stoppedAt + 500 && h.at < backAt - 200);
  expect(away.length).toBeGreaterThan(10);
  for (const h of away) {
    expect(h.status).toBe(503);
    expect(JSON.parse(h.body)).toEqual({ status: 'degraded', database: 'down' });
  }

  // Recovered by itself within 5 s of the database accepting connections.
  const firstOk = Math.min(...outcomes.filter((o) => o.started >= backAt && o.status < 300).map((o) => o.ended));
  const recovery = firstOk - backAt;
  expect(recovery).toBeLessThanOrEqual(5000);
  expect(outcomes.filter((o) => o.started >= backAt + 5000).every((o) => o.status < 300)).toBe(true);
  expect(health.filter((h) => h.at >= backAt + 5000).every((h) => h.status === 200)).toBe(true);

  // Every write answered 2xx is in the database.
  const written = outcomes.filter((o) => o.op === 'write' && o.status === 201).map((o) => (JSON.parse(o.body) as { id: string }).id);
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    await client.query(`select set_config('orbitra.scope', 'system', false)`);
    const found = await client.query<{ id: string }>('select id from quotations where id = any($1::uuid[])', [written]);
    const lost = written.length - found.rowCount!;
    expect(lost).toBe(0);

    // The outbox delivers what was queued, also what was queued around the outage, each mail once.
    const recipients = outcomes.filter((o) => o.op === 'send' && o.status === 200).map((o) => o.to!);
    const sends = recipients.length;
    const delivered = () => new Set(smtp!.received.flatMap((mail) => mail.to));
    const deadline = Date.now() + 30_000;
    while (recipients.some((to) => !delivered().has(to)) && Date.now() < deadline) await sleep(200);
    expect(recipients.filter((to) => !delivered().has(to))).toEqual([]);
    expect(smtp.received.length).toBe(delivered().size);
    // Nothing failed. A mail whose try was cut by the stop (its claim committed, the answer lost) is
    // held by its lease and goes out once that ends (2 minutes), like one of a worker that died.
    const unsent = await client.query<{ status: string; held: boolean }>(
      `select status, status = 'queued' and locked_until > now() as held from mail_outbox where status <> 'sent'`,
    );
    expect(unsent.rows.filter((row) => !row.held)).toEqual([]);

    console.log(
      [
        'Database outage on PostgreSQL (pg_ctl stop -m fast, started again 10 s later):',
        `  requests: ${outcomes.length}, answered 503: ${refused.length}, slowest answer: ${slowest} ms`,
        `  time to the first 503 after the stop began: ${first503} ms (the stop took ${stoppedAt - stopAt} ms)`,
        `  time to recovery after the database accepted connections: ${recovery} ms`,
        `  writes answered 2xx: ${written.length}, lost: ${lost}; mails of 2xx sends delivered: ${sends}, held by a lease cut by the stop: ${unsent.rows.length}`,
      ].join('\n'),
    );
  } finally {
    await client.end();
  }
}, 120_000);
