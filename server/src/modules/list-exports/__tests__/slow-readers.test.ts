import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { call, childDatabase, startChildServer, type ChildDatabase, type ChildServer } from '../../../testing/child-server';
import { tempDir } from '../../../testing/test-app';
import { tooManyExportsDetail } from '../service';

/**
 * Exports read slowly by their clients, on the server as `npm start` runs it (the embedded default)
 * and on two instances sharing a database: a client reading at 1 KB/s never holds the database, a
 * user runs at most two exports at once and a tenant four, and everyone else's lists and the health
 * check go on answering meanwhile.
 */
const CSRF = 'slow-reader-csrf-token-0123456789abcdef';
const ROWS = 20_000;

interface SlowDownload {
  status: number;
  body: Promise<string>;
  /** Bytes read so far. */
  read(): number;
  close(): void;
}

/** A GET whose response is read at `bytesPerSecond` (a 429's short body is read whole). */
function slowDownload(port: number, pathname: string, token: string, bytesPerSecond = 1024): Promise<SlowDownload> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        agent: false,
        headers: { authorization: `Bearer ${token}`, cookie: `csrftoken=${CSRF}`, 'x-csrftoken': CSRF },
      },
      (response) => {
        let taken = 0;
        if (response.statusCode !== 200) {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          const body = new Promise<string>((done) => response.on('end', () => done(Buffer.concat(chunks).toString())));
          resolve({ status: response.statusCode ?? 0, body, read: () => taken, close: () => request.destroy() });
          return;
        }
        response.pause();
        const tick = setInterval(() => {
          const chunk = response.read(bytesPerSecond) as Buffer | null;
          if (chunk) taken += chunk.length;
        }, 1000);
        response.on('close', () => clearInterval(tick));
        resolve({
          status: 200,
          body: Promise.resolve(''),
          read: () => taken,
          close: () => {
            clearInterval(tick);
            request.destroy();
          },
        });
      },
    );
    request.on('error', reject);
  });
}

async function login(port: number, email: string, password: string): Promise<string> {
  const answer = await call(port, { method: 'POST', path: '/api/v1/auth/login', body: { email, password } });
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body).access_token as string;
}

async function demoTenant(port: number, token: string): Promise<string> {
  const tenants = JSON.parse((await call(port, { path: '/api/v1/crm/tenants', token })).body) as Array<{ id: string; name: string }>;
  return tenants[0].id;
}

const exportPath = (tenantId: string) => `/api/v1/crm/prospects/export?tenant_id=${tenantId}&format=csv`;

const servers: ChildServer[] = [];
let database: ChildDatabase | undefined;
let folder: ReturnType<typeof tempDir> | undefined;
afterAll(async () => {
  for (const server of servers) {
    if (server.process.exitCode === null) server.process.kill('SIGTERM');
    await server.exited;
  }
  await database?.dispose();
  folder?.remove();
});

test('ten exports read at 1 KB/s on the embedded default: four run, six are refused, none holds the database, lists and health answer', async () => {
  folder = tempDir('orbitra-slow-exports-');
  const server = await startChildServer({ DATABASE_URL: '', DATA_DIR: folder.dir, LOGIN_LIMIT_PER_IP_PER_MINUTE: '1000' }, 180_000);
  servers.push(server);
  const { port } = server;
  const admin = await login(port, 'admin@example.com', 'admin-password');
  const tenantId = await demoTenant(port, admin);
  // A file (about 8 MB) larger than what a connection's buffers take in while its client does not
  // read (4 MB on loopback here): the server is still sending each running export when the next asks.
  const trade = ' Wholesale Office Furniture, Stationery and Print Services'.repeat(4);
  const city = 'Leeds, West Yorkshire, England, United Kingdom of Great Britain and Northern Ireland';
  const rows = Array.from({ length: ROWS }, (_, i) => ({ name: `Slow Reader Co ${i}${trade}`, phone1: `+1 556 ${String(i).padStart(7, '0')}`, city }));
  // Nobody's rows, so every exporter (of own, team or all visibility) sees them all.
  const uploaded = await call(port, {
    method: 'POST',
    path: '/api/v1/crm/prospects/bulk',
    token: admin,
    body: { tenant_id: tenantId, prospects: rows, assign: 'none' },
  });
  expect(JSON.parse(uploaded.body)).toMatchObject({ total_created: ROWS });

  const users = { staff: await login(port, 'staff@example.com', 'staff-password'), maya: await login(port, 'maya@example.com', 'staff-password') };
  const jonas = await login(port, 'jonas@example.com', 'staff-password');
  // All at once, as ten clicks would come: at most two of each user's and four of the tenant's run.
  const plan = [users.staff, users.staff, users.staff, users.maya, users.maya, users.maya, jonas, jonas, jonas, jonas];
  const downloads = await Promise.all(plan.map((token) => slowDownload(port, exportPath(tenantId), token)));
  const running = downloads.filter((download) => download.status === 200);
  expect(running).toHaveLength(4);
  for (const token of new Set(plan)) expect(downloads.filter((download, i) => plan[i] === token && download.status === 200).length).toBeLessThanOrEqual(2);
  const refusals = await Promise.all(
    downloads.filter((download) => download.status !== 200).map(async (download) => [download.status, JSON.parse(await download.body)] as const),
  );
  expect(refusals).toHaveLength(6);
  for (const refusal of refusals)
    expect([
      [429, { detail: tooManyExportsDetail('user', 2) }],
      [429, { detail: tooManyExportsDetail('tenant', 4) }],
    ]).toContainEqual(refusal);

  // The rows are all read from the database at its pace, whatever the clients': soon no connection of
  // the app is in a transaction, though the four files have hardly begun to reach their clients (at
  // 1 KB/s they would take hours).
  const state = JSON.parse(fs.readFileSync(path.join(folder.dir, 'postgres.json'), 'utf8')) as { ownerPassword: string; port: number };
  const owner = new pg.Client({ connectionString: `postgres://orbitra:${encodeURIComponent(state.ownerPassword)}@127.0.0.1:${state.port}/orbitra` });
  await owner.connect();
  try {
    let busy: Array<{ state: string; query: string }> = [];
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 500))) {
      ({ rows: busy } = await owner.query<{ state: string; query: string }>(
        `select state, query from pg_stat_activity where usename = 'orbitra_app_login' and state in ('active', 'idle in transaction', 'idle in transaction (aborted)')`,
      ));
      if (busy.length === 0) break;
    }
    expect(busy).toEqual([]);
  } finally {
    await owner.end();
  }

  // Everyone else meanwhile: another user's list and the health check, one request after another.
  const times: number[] = [];
  for (let i = 0; i < 30; i += 1) {
    const started = performance.now();
    const list = await call(port, { path: `/api/v1/crm/prospects?tenant_id=${tenantId}&q=Slow%20Reader%20Co%201`, token: admin });
    times.push(performance.now() - started);
    expect(list.status).toBe(200);
    expect((await call(port, { path: '/api/v1/health' })).status).toBe(200);
  }
  times.sort((a, b) => a - b);
  // The bench measures this against its target (250 ms); here, a bound no loaded test machine misses.
  expect(times[Math.floor(times.length * 0.95)]).toBeLessThan(2000);
  expect(running.every((download) => download.read() > 0 && download.read() < 64 * 1024)).toBe(true);

  // Given up: their places are free again, and a whole file comes at once.
  for (const download of running) download.close();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const whole = await call(port, { path: exportPath(tenantId), token: users.staff });
  expect(whole.status).toBe(200);
  const lines = whole.body.trimEnd().split('\r\n');
  expect(lines.filter((line) => line.includes('Slow Reader Co'))).toHaveLength(ROWS);
}, 300_000);

test('the places are counted across instances: two exports on one instance leave none for the same user on the other', async () => {
  database = await childDatabase();
  const dataDir = tempDir('orbitra-export-instances-');
  try {
    const env = { ...database.env, DATA_DIR: dataDir.dir, AUTH_SECRET: 'slow-reader-secret-slow-reader-secret-0123456789' };
    const a = await startChildServer(env, 120_000);
    servers.push(a);
    const b = await startChildServer(env, 120_000);
    servers.push(b);
    const staff = await login(a.port, 'staff@example.com', 'staff-password');
    const tenantId = await demoTenant(a.port, staff);
    const rows = Array.from({ length: 5000 }, (_, i) => ({ name: `Instance Co ${i}`, phone1: `+1 555 081 ${String(i).padStart(4, '0')}` }));
    await call(a.port, { method: 'POST', path: '/api/v1/crm/prospects/bulk', token: staff, body: { tenant_id: tenantId, prospects: rows } });
    const held = [await slowDownload(a.port, exportPath(tenantId), staff), await slowDownload(a.port, exportPath(tenantId), staff)];
    expect(held.map((download) => download.status)).toEqual([200, 200]);
    const other = await slowDownload(b.port, exportPath(tenantId), staff);
    expect(other.status).toBe(429);
    expect(JSON.parse(await other.body)).toEqual({ detail: tooManyExportsDetail('user', 2) });
    held[0].close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const next = await slowDownload(b.port, exportPath(tenantId), staff);
    expect(next.status).toBe(200);
    next.close();
    held[1].close();
  } finally {
    dataDir.remove();
  }
}, 300_000);
