import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { call, startChildServer, type ChildServer } from '../testing/child-server';
import { tempDir } from '../testing/test-app';
import { migrationsFolder } from '../server-paths';

/**
 * What `npm start` does with its data folder (DATA_DIR) when DATABASE_URL is not set: the embedded
 * PostgreSQL in DATA_DIR/postgres, started and stopped with the server.
 */
const embedded = { DATABASE_URL: '' };
const running: ChildServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGTERM');
    await server.exited;
  }
});

async function adminToken(port: number): Promise<string> {
  const login = await call(port, { method: 'POST', path: '/api/v1/auth/login', body: { email: 'admin@example.com', password: 'admin-password' } });
  expect(login.status).toBe(200);
  return JSON.parse(login.body).access_token as string;
}

async function tenantNames(port: number): Promise<string[]> {
  const answer = await call(port, { path: '/api/v1/crm/tenants', token: await adminToken(port) });
  return (JSON.parse(answer.body) as Array<{ name: string }>).map((tenant) => tenant.name).sort();
}

test('an embedded database folder that cannot be opened stops the start, naming the folder and npm run restore', async () => {
  const { dir, remove } = tempDir('orbitra-broken-data-');
  try {
    const folder = path.join(dir, 'postgres');
    fs.mkdirSync(path.join(folder, 'base'), { recursive: true });
    // What is left of a data folder after a bad copy: a version file and nothing else.
    fs.writeFileSync(path.join(folder, 'PG_VERSION'), '99\n');
    fs.writeFileSync(path.join(dir, 'postgres.json'), JSON.stringify({ ownerPassword: 'x', appPassword: 'y' }));
    const failure = await startChildServer({ ...embedded, DATA_DIR: dir }, 60_000).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(failure).toContain(`Cannot start: The embedded database in ${folder} cannot be started`);
    expect(failure).toContain('npm run restore');
    expect(failure).not.toMatch(/\n\s+at /);
  } finally {
    remove();
  }
});

test('after kill -9 the next start finds everything; a second server on the same folder is refused while one runs', async () => {
  const { dir, remove } = tempDir('orbitra-kill-data-');
  try {
    const first = await startChildServer({ ...embedded, DATA_DIR: dir }, 120_000);
    running.push(first);
    const token = await adminToken(first.port);
    const created = await call(first.port, {
      method: 'POST',
      path: '/api/v1/crm/tenants',
      token,
      body: { name: 'Survives a kill', domain: 'survives.example' },
    });
    expect(created.status).toBe(201);

    const second = await startChildServer({ ...embedded, DATA_DIR: dir }, 60_000).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(second).toContain(`Cannot start: The embedded database in ${path.join(dir, 'postgres')} is in use by another server (process ${first.process.pid})`);
    expect(await tenantNames(first.port)).toContain('Survives a kill');

    first.process.kill('SIGKILL');
    await first.exited;
    const again = await startChildServer({ ...embedded, DATA_DIR: dir }, 120_000);
    running.push(again);
    expect(await tenantNames(again.port)).toContain('Survives a kill');

    // A clean stop stops the database too: nothing of it runs afterwards.
    again.process.kill('SIGTERM');
    expect(await again.exited).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(dir, 'postgres', 'postmaster.pid'))).toBe(false);
  } finally {
    remove();
  }
}, 300_000);

test('an embedded data folder from before (PGlite) is moved into the embedded PostgreSQL at the first start, and kept', async () => {
  const { dir, remove } = tempDir('orbitra-old-data-');
  try {
    // The folder as the app kept it before: PGlite in DATA_DIR/pglite, migrated, with a tenant of its own.
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
    const old = await PGlite.create({ dataDir: path.join(dir, 'pglite'), extensions: { pg_trgm, btree_gin } });
    await migrate(drizzle({ client: old }), { migrationsFolder });
    await old.query("insert into tenants (name, domain) values ('From the old folder', 'old.example')");
    await old.close();

    const server = await startChildServer({ ...embedded, DATA_DIR: dir }, 180_000);
    running.push(server);
    expect(await tenantNames(server.port)).toContain('From the old folder');
    const kept = fs.readdirSync(dir).filter((name) => name.startsWith('pglite.moved-'));
    expect(kept).toHaveLength(1);
    expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(false);
    expect(fs.readdirSync(path.join(dir, 'backups')).filter((name) => /^pglite-.*\.copy\.gz$/.test(name))).toHaveLength(1);
  } finally {
    remove();
  }
}, 300_000);

test('an embedded database that stops under the server is started again by it: 503 meanwhile, then everything answers', async () => {
  const { dir, remove } = tempDir('orbitra-restart-data-');
  try {
    const server = await startChildServer({ ...embedded, DATA_DIR: dir }, 120_000);
    running.push(server);
    const token = await adminToken(server.port);
    const pid = Number(fs.readFileSync(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGKILL');
    const statuses: number[] = [];
    const deadline = Date.now() + 60_000;
    for (;;) {
      const answer = await call(server.port, { path: '/api/v1/crm/tenants', token });
      statuses.push(answer.status);
      if (answer.status === 200 && statuses.length > 1) break;
      if (Date.now() > deadline) throw new Error(`not back within 60 s: ${statuses.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Nothing but 503 (the database is away) until it is back.
    expect(statuses.slice(0, -1).every((status) => status === 503)).toBe(true);
    expect(server.output.join('')).toContain('stopped; starting it again');
    expect(await tenantNames(server.port)).toContain('Demo Company');
  } finally {
    remove();
  }
}, 180_000);
