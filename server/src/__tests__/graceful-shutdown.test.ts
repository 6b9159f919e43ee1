import http from 'node:http';
import { DEMO_STAFF } from '../seed/seed';
import {
  call,
  childDatabase,
  startCall,
  startChildServer,
  waitForOutput,
  type ChildDatabase,
  type ChildServer,
  type HttpAnswer,
} from '../testing/child-server';
import { tempDir } from '../testing/test-app';

/**
 * The real server in a child process receives SIGTERM while uploads are in flight (their bodies
 * half sent): it refuses new connections, still answers every upload it had begun and keeps its
 * rows, and exits 0 within 10 s.
 */
const UPLOADS = 5;
const ROWS = 300;

let folder: ReturnType<typeof tempDir>;
let database: ChildDatabase;
let server: ChildServer;
beforeAll(async () => {
  folder = tempDir('orbitra-drain-');
  database = await childDatabase();
  server = await startChildServer({ DATA_DIR: folder.dir, LOG_LEVEL: 'info', ...database.env });
}, 120_000);
afterAll(async () => {
  if (server.process.exitCode === null) server.process.kill('SIGKILL');
  await database.dispose();
  folder.remove();
});

const rows = (upload: number) =>
  Array.from({ length: ROWS }, (_, i) => ({ Name: `Drain ${upload}-${i}`, Phone1: `+1 777 ${String(upload).padStart(2, '0')}${String(i).padStart(5, '0')}` }));

type Outcome = { answer?: HttpAnswer; error?: NodeJS.ErrnoException };
const outcome = (answer: Promise<HttpAnswer>): Promise<Outcome> =>
  answer.then(
    (a) => ({ answer: a }),
    (error: NodeJS.ErrnoException) => ({ error }),
  );

test('SIGTERM drains: new connections are refused, requests in flight are answered and kept, exit 0 within 10 s', async () => {
  const login = await call(server.port, { method: 'POST', path: '/api/v1/auth/login', body: { email: DEMO_STAFF.email, password: DEMO_STAFF.password } });
  expect(login.status).toBe(200);
  const token = JSON.parse(login.body).access_token as string;
  const tenants = JSON.parse((await call(server.port, { path: '/api/v1/crm/tenants', token })).body) as unknown;
  const [tenant] = (Array.isArray(tenants) ? tenants : Object.values(tenants as object).find(Array.isArray)) as Array<{ id: string }>;

  // A keep-alive connection that sits idle through the shutdown: it is closed, never reset mid-request.
  const agent = new http.Agent({ keepAlive: true });
  expect((await call(server.port, { path: '/api/v1/health', agent })).status).toBe(200);

  const uploads = Array.from({ length: UPLOADS }, (_, upload) =>
    startCall(server.port, { method: 'POST', path: '/api/v1/crm/prospects/bulk', token, body: { tenant_id: tenant.id, prospects: rows(upload) } }),
  );
  const outcomes = uploads.map((upload) => outcome(upload.answer));
  await waitForOutput(server, '"url":"/api/v1/crm/prospects/bulk"', 10_000);
  await new Promise((resolve) => setTimeout(resolve, 300));

  const signalledAt = Date.now();
  server.process.kill('SIGTERM');
  await waitForOutput(server, 'SIGTERM received, draining');
  const probe = await outcome(call(server.port, { path: '/api/v1/health' }));
  for (const upload of uploads) upload.finish();

  const results = await Promise.all(outcomes);
  const { code } = await server.exited;
  const exitMs = Date.now() - signalledAt;
  agent.destroy();

  // Refused, or reset when it reached the listening socket's queue just before it closed: either way no answer.
  expect(['ECONNREFUSED', 'ECONNRESET']).toContain(probe.error?.code);
  expect(probe.answer).toBeUndefined();
  expect(results.map((r) => r.error && `${r.error.code} ${r.error.message}`).filter(Boolean)).toEqual([]);
  expect(results.map((r) => r.answer!.status)).toEqual(Array(UPLOADS).fill(200));
  const acknowledged = results.reduce((sum, r) => sum + (JSON.parse(r.answer!.body) as { total_created: number }).total_created, 0);
  expect(acknowledged).toBe(UPLOADS * ROWS);
  expect(code).toBe(0);
  expect(exitMs).toBeLessThan(10_000);

  const [stored] = await database.query<{ n: number | string }>("select count(*) as n from prospects where name like 'Drain %'");
  expect(Number(stored.n)).toBe(acknowledged);
}, 60_000);
