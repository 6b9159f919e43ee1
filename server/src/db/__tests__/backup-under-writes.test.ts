import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { Prospect } from '@app/shared/contracts';
import { expectStatus } from '../../testing/crm-fixture';
import { createStatusFixture, type StatusFixture } from '../../testing/status-fixture';
import { tempDir } from '../../testing/test-app';
import { backupDatabase, restoreDatabase } from '../backup';
import { openPostgres } from '../client';
import { runMigrations } from '../migrate';

/**
 * `npm run backup` on PostgreSQL while the app writes, then `npm run restore` into a fresh database,
 * both as a database owner that is not a superuser (a superuser passes the tenant and owner walls
 * without evaluating them, which hid a dump that failed for every other owner). pg_dump reads one
 * snapshot: the restored database must be exactly the source as it stood between two of the writes.
 * The writes are made one after another and the source is read whole after each, so every state the
 * dump could have seen is known; the restored one must be one of them, taken after the dump started.
 */
const serverUrl = process.env.DATABASE_URL;
const onPostgres = serverUrl ? describe : describe.skip;

function urlOf(database: string, user?: string): string {
  const url = new URL(serverUrl!);
  url.pathname = `/${database}`;
  if (user) {
    url.username = user;
    url.password = '';
  }
  return url.toString();
}

async function asSuperuser<T>(database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

type Contents = Record<string, string>;

/**
 * Every table of every schema (the app's, the migrations', the queue's if any), each as its row
 * count and a digest of its rows, read in one snapshot by the superuser (no wall in the way).
 */
function contents(database: string): Promise<Contents> {
  return asSuperuser(database, async (client) => {
    await client.query('begin isolation level repeatable read read only');
    try {
      const tables = await client.query<{ name: string }>(
        "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1",
      );
      const out: Contents = {};
      for (const { name } of tables.rows) {
        const { rows } = await client.query<{ n: string; digest: string | null }>(
          `select count(*) as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${name} t`,
        );
        out[name] = `${rows[0].n} rows, ${rows[0].digest ?? '-'}`;
      }
      return out;
    } finally {
      await client.query('rollback');
    }
  });
}

/** The tables whose rows differ between two readings, with both readings. */
function differences(a: Contents, b: Contents): Record<string, [string | undefined, string | undefined]> {
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return Object.fromEntries(names.filter((name) => a[name] !== b[name]).map((name) => [name, [a[name], b[name]]]));
}

onPostgres('backup while the app writes (PostgreSQL, an owner that is not a superuser)', () => {
  const suffix = `${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const owner = `orbitra_owner_${suffix}`;
  const source = `orbitra_backup_src_${suffix}`;
  const copy = `orbitra_backup_copy_${suffix}`;
  let folder: ReturnType<typeof tempDir>;
  let s: StatusFixture | undefined;

  beforeAll(async () => {
    folder = tempDir('orbitra-backup-writes-');
    // The owner README's "Running on PostgreSQL" describes: it may create roles, it is no superuser.
    await asSuperuser('postgres', async (client) => {
      await client.query(`CREATE ROLE "${owner}" LOGIN CREATEROLE`);
      await client.query(`CREATE DATABASE "${source}" OWNER "${owner}"`);
      await client.query(`CREATE DATABASE "${copy}" OWNER "${owner}"`);
    });
    for (const database of [source, copy]) await asSuperuser(database, (client) => client.query(`ALTER SCHEMA public OWNER TO "${owner}"`));
    const handle = openPostgres(urlOf(source, owner), 5);
    await runMigrations(handle);
    s = await createStatusFixture({ database: { handle, dispose: () => handle.close() } });
  }, 120_000);

  afterAll(async () => {
    await s?.t.close();
    await s?.t.database.dispose();
    await asSuperuser('postgres', async (client) => {
      for (const database of [source, copy]) await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await client.query(`DROP ROLE IF EXISTS "${owner}"`);
    });
    folder.remove();
  });

  test('the restored database equals, table by table and audit log included, the source at one moment of the writes after the dump began', async () => {
    const { t, f, statuses, goal } = s!;
    const created: Prospect[] = [];
    // One write per request, each its own transaction: a prospect created, a status changed with a
    // call (history, goal counters), a prospect deleted (audit log), in turn.
    const write = async (i: number) => {
      if (i % 3 === 0) {
        const body = { tenant_id: f.demoTenantId, name: `Written ${i}`, phone1: `+1 555 030 ${String(1000 + i)}`, email: `w${i}@example.com` };
        created.push(expectStatus<Prospect>(await t.request({ method: 'POST', url: '/api/v1/crm/prospects', token: f.staff, body }), 201));
      } else if (i % 3 === 1) {
        const body = { prospect_id: created.at(-1)!.id, status_id: statuses['Call Back'].id, prospect_contacted: true, goal_id: goal.id, notes: `call ${i}` };
        expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/prospects/change-status', token: f.staff, body }), 200);
      } else if (created.length > 1) {
        expectStatus(await t.request({ method: 'DELETE', url: `/api/v1/crm/prospects/${created.shift()!.id}`, token: f.admin }), 200);
      }
    };

    const file = path.join(folder.dir, 'orbitra.dump');
    const target = { databaseUrl: urlOf(source, owner), dataDir: folder.dir };
    const states: Contents[] = [await contents(source)];
    let dump: Promise<void> | undefined;
    let dumpError: unknown;
    let dumped = false;
    let startedAt = -1;
    let endedAt = -1;
    for (let i = 0, after = 0; after < 3 && i < 300; i += 1) {
      await write(i);
      states.push(await contents(source));
      if (i === 3) {
        // From here on, state `startedAt` is the oldest the dump may see.
        startedAt = states.length - 1;
        dump = backupDatabase(target, file).then(
          () => void (dumped = true),
          (error: unknown) => void ((dumpError = error), (dumped = true)),
        );
      }
      if (dumped) {
        if (endedAt < 0) endedAt = states.length - 1;
        after += 1;
      }
    }
    await dump;
    if (dumpError) throw dumpError;
    // The app kept writing while pg_dump ran, and after it.
    expect(endedAt - startedAt).toBeGreaterThanOrEqual(1);
    expect(states.length - 1).toBeGreaterThan(endedAt);

    await restoreDatabase({ databaseUrl: urlOf(copy, owner), dataDir: folder.dir }, file);
    const restored = await contents(copy);
    expect(restored['public.audit_events']).not.toMatch(/^0 rows/);
    expect(Object.keys(restored).length).toBeGreaterThan(20);

    const moment = states.findIndex((state, index) => index >= startedAt && Object.keys(differences(state, restored)).length === 0);
    if (moment < 0) {
      // Not one of the states: name the tables that differ from the closest of them.
      const closest = states
        .slice(startedAt)
        .map((state) => differences(state, restored))
        .sort((a, b) => Object.keys(a).length - Object.keys(b).length)[0];
      expect(closest).toEqual({});
    }
    expect(moment).toBeGreaterThanOrEqual(startedAt);
    expect(moment).toBeLessThanOrEqual(endedAt);
  }, 180_000);
});
