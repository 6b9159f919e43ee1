import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { Prospect } from '@app/shared/contracts';
import { expectStatus } from '../../testing/crm-fixture';
import { contentDifferences, databaseContents, type Contents } from '../../testing/database-contents';
import { createStatusFixture, type StatusFixture } from '../../testing/status-fixture';
import { tempDir } from '../../testing/test-app';
import { testServerUrl } from '../../testing/test-db';
import { postgresBinDir, startThrowawayPostgres, type ThrowawayPostgres } from '../../testing/throwaway-postgres';
import { backupDatabase, restoreDatabase, type BackupKind, type BackupTarget } from '../backup';
import { openDatabase, openPostgres, type DatabaseHandle } from '../client';
import { startEmbeddedDatabase } from '../embedded/embedded-database';
import { runMigrations } from '../migrate';

/**
 * `npm run backup` while the app writes, then `npm run restore` into a fresh database. A backup reads
 * one snapshot: the restored database must be exactly the source as it stood between two of the
 * writes. The writes are made one after another and the source is read whole after each, so every
 * state the backup could have seen is known; the restored one must be one of them, taken after the
 * backup started.
 *
 * - the embedded default (`npm start` without DATABASE_URL): a table copy, read from the running
 *   server's own embedded PostgreSQL;
 * - DATABASE_URL, owned by a role that is not a superuser (a superuser passes the tenant and owner
 *   walls without evaluating them, which once hid a backup that failed for every other owner): a table
 *   copy where no pg_dump reads the server (the suite's PostgreSQL is newer than Debian's tools), and
 *   pg_dump on Debian's own PostgreSQL, where it is installed.
 */
interface Setup {
  kind: BackupKind;
  /** The source's handle for the app, the target to back up, the copy to restore into, and each as its superuser. */
  open(): Promise<{
    handle: DatabaseHandle;
    source: BackupTarget;
    copy: BackupTarget;
    sourceUrl: string;
    copyUrl: () => Promise<{ url: string; close(): Promise<void> }>;
    close(): Promise<void>;
  }>;
}

function withUser(url: string, database: string, user?: { name: string; password: string }): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  if (user) {
    parsed.username = user.name;
    parsed.password = user.password;
  }
  return parsed.toString();
}

async function superuserQuery(url: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** An owner as README's "Running on PostgreSQL" describes it (it may create roles; no superuser), and its two databases. */
async function ownedDatabases(serverUrl: string, dataDir: string) {
  const suffix = `${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const owner = { name: `orbitra_owner_${suffix}`, password: 'owner-test-password' };
  const [source, copy] = [`orbitra_backup_src_${suffix}`, `orbitra_backup_copy_${suffix}`];
  await superuserQuery(
    serverUrl,
    `CREATE ROLE "${owner.name}" LOGIN CREATEROLE PASSWORD '${owner.password}'`,
    `CREATE DATABASE "${source}" OWNER "${owner.name}"`,
    `CREATE DATABASE "${copy}" OWNER "${owner.name}"`,
    // The app role is the cluster's, made by the suite's first migration: an administrator lets the
    // new owner hand it on (PostgreSQL 16 asks for this; the owner that makes the role has it by itself).
    `DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'orbitra_app') THEN EXECUTE 'GRANT orbitra_app TO "${owner.name}" WITH ADMIN OPTION'; END IF; END $$`,
  );
  for (const database of [source, copy]) await superuserQuery(withUser(serverUrl, database), `ALTER SCHEMA public OWNER TO "${owner.name}"`);
  const handle = openPostgres(withUser(serverUrl, source, owner), undefined, { poolSize: 5 });
  await runMigrations(handle);
  return {
    handle,
    source: { databaseUrl: withUser(serverUrl, source, owner), dataDir },
    copy: { databaseUrl: withUser(serverUrl, copy, owner), dataDir },
    sourceUrl: withUser(serverUrl, source),
    copyUrl: async () => ({ url: withUser(serverUrl, copy), close: async () => {} }),
    async close() {
      await superuserQuery(
        serverUrl,
        ...[source, copy].map((database) => `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`),
        `DROP ROLE IF EXISTS "${owner.name}"`,
      );
    },
  };
}

const debianBin = postgresBinDir();
let folder: ReturnType<typeof tempDir>;
beforeAll(() => {
  folder = tempDir('orbitra-backup-writes-');
});
afterAll(() => folder.remove());

const setups: Array<[string, Setup]> = [
  [
    'the embedded default',
    {
      kind: 'table copy',
      async open() {
        const source = { dataDir: path.join(folder.dir, 'embedded-source') };
        const copy = { dataDir: path.join(folder.dir, 'embedded-copy') };
        // The server's own database, as `npm start` opens it: the backup finds it running and reads it there.
        const handle = await openDatabase(source);
        await runMigrations(handle);
        return {
          handle,
          source,
          copy,
          sourceUrl: handle.url,
          async copyUrl() {
            const embedded = await startEmbeddedDatabase(copy);
            return { url: embedded.ownerUrl, close: () => embedded.stop() };
          },
          close: async () => {},
        };
      },
    },
  ],
  ['PostgreSQL without a pg_dump for it, owner not a superuser', { kind: 'table copy', open: () => ownedDatabases(testServerUrl(), folder.dir) }],
];
let debian: ThrowawayPostgres | undefined;
if (debianBin)
  setups.push([
    "Debian's PostgreSQL with its pg_dump, owner not a superuser",
    {
      kind: 'pg_dump',
      async open() {
        debian = await startThrowawayPostgres(debianBin);
        const opened = await ownedDatabases(debian.url, folder.dir);
        return { ...opened, close: async () => void (await debian?.dispose()) };
      },
    },
  ]);

describe.each(setups)('backup while the app writes: %s', (_name, setup) => {
  let s: StatusFixture | undefined;
  let opened: Awaited<ReturnType<Setup['open']>> | undefined;

  beforeAll(async () => {
    opened = await setup.open();
    const handle = opened.handle;
    s = await createStatusFixture({ database: { handle, dispose: () => handle.close() } });
  }, 120_000);

  afterAll(async () => {
    await s?.t.close();
    await s?.t.database.dispose();
    await opened?.close();
  });

  test('the restored database equals, table by table and audit log included, the source at one moment of the writes after the backup began', async () => {
    const { t, f, statuses, goal } = s!;
    const { source, copy, sourceUrl } = opened!;
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

    const states: Contents[] = [await databaseContents(sourceUrl)];
    let backup: Promise<unknown> | undefined;
    let backupError: unknown;
    let written: { kind: BackupKind; file: string } | undefined;
    let startedAt = -1;
    let endedAt = -1;
    for (let i = 0, after = 0; after < 3 && i < 300; i += 1) {
      await write(i);
      states.push(await databaseContents(sourceUrl));
      if (i === 3) {
        // From here on, state `startedAt` is the oldest the backup may see.
        startedAt = states.length - 1;
        backup = backupDatabase(source, path.join(folder.dir, `backup-${crypto.randomBytes(4).toString('hex')}`)).then(
          (result) => (written = result),
          (error: unknown) => ((backupError = error), undefined),
        );
      }
      if (written || backupError) {
        if (endedAt < 0) endedAt = states.length - 1;
        after += 1;
      }
    }
    await backup;
    if (backupError) throw backupError;
    expect(written?.kind).toBe(setup.kind);
    // The app kept writing while the backup ran, and after it.
    expect(endedAt - startedAt).toBeGreaterThanOrEqual(1);
    expect(states.length - 1).toBeGreaterThan(endedAt);

    await restoreDatabase(copy, written!.file);
    const reader = await opened!.copyUrl();
    let restored: Contents;
    try {
      restored = await databaseContents(reader.url);
    } finally {
      await reader.close();
    }
    expect(restored['public.audit_events']).not.toMatch(/^0 rows/);
    expect(Object.keys(restored).length).toBeGreaterThan(20);

    const moment = states.findIndex((state, index) => index >= startedAt && Object.keys(contentDifferences(state, restored)).length === 0);
    if (moment < 0) {
      // Not one of the states: name the tables that differ from the closest of them.
      const closest = states
        .slice(startedAt)
        .map((state) => contentDifferences(state, restored))
        .sort((a, b) => Object.keys(a).length - Object.keys(b).length)[0];
      expect(closest).toEqual({});
    }
    expect(moment).toBeGreaterThanOrEqual(startedAt);
    expect(moment).toBeLessThanOrEqual(endedAt);
  }, 240_000);
});
