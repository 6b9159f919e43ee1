/**
 * The bench's two databases, each fresh and migrated for one scenario and removed after:
 * - the embedded default: a new data folder started through startEmbeddedDatabase, exactly what
 *   `npm start` without DATABASE_URL gives (PostgreSQL's default, durable settings), its owner and
 *   the app's own login;
 * - DATABASE_URL: a new database on the server BENCH_DATABASE_URL names, or, when it is unset, on a
 *   throwaway cluster of Debian's PostgreSQL (if installed) made with PostgreSQL's default settings,
 *   so both sides wait for the disk alike. The app logs in with a login role of its own, made as
 *   the tests make theirs (a member of the app role, nothing more) and dropped after; a server
 *   that refuses to make one gets the owner switched to the app role (DATABASE_URL alone).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedDatabase } from '../../src/db/embedded/embedded-database';
import { runMigrations } from '../../src/db/migrate';
import { APP_ROLE } from '../../src/db/wall/app-role';
import { startTestCluster } from '../../src/testing/test-cluster';
import { postgresBinDir } from '../../src/testing/throwaway-postgres';

export type Side = 'embedded' | 'server';

export interface BenchDatabase {
  side: Side;
  /** Where the figures were taken, as the bench prints it. */
  label: string;
  /** The owner: migrations, the bench's data, COPY, the bare baseline and the app with the wall off. */
  ownerUrl: string;
  /** The app's own login: the bench's app server pools with it, as the real server does. */
  appUrl: string;
  /** The server's version and settings, as it reports them. */
  settings: string;
  /** Its durability settings (fsync, synchronous_commit, full_page_writes): both sides' should be alike. */
  durability: string;
}

export const SIDE_TITLES: Record<Side, string> = { embedded: 'embedded default', server: 'DATABASE_URL' };

/** The environment of a bench server process (servers/db-from-env.ts) on this database. */
export const serverEnv = (database: BenchDatabase): Record<string, string> => ({ BENCH_DATABASE: database.ownerUrl, BENCH_DATABASE_APP: database.appUrl });

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The server's version and settings: in short (for the scenarios' titles) and in full (beneath the table). */
async function describeSettings(url: string): Promise<{ short: string; full: string; durability: string }> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<Record<string, string>>(
      `select current_setting('server_version') as version, current_setting('fsync') as fsync,
              current_setting('synchronous_commit') as synchronous_commit, current_setting('full_page_writes') as full_page_writes,
              current_setting('shared_buffers') as shared_buffers, current_setting('max_connections') as max_connections`,
    );
    const s = rows[0];
    const durability = `fsync ${s.fsync}, synchronous_commit ${s.synchronous_commit}, full_page_writes ${s.full_page_writes}`;
    return {
      short: `PostgreSQL ${s.version.split(' ')[0]}, fsync ${s.fsync}`,
      full: `PostgreSQL ${s.version.split(' ')[0]}, ${durability}, shared_buffers ${s.shared_buffers}, max_connections ${s.max_connections}`,
      durability,
    };
  });
}

/** A temporary folder the database's own user can reach (as root the cluster runs as `postgres`). */
function tempFolder(prefix: string): string {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return fs.mkdtempSync(path.join(asRoot ? '/tmp' : os.tmpdir(), prefix));
}

/** The embedded default on a fresh data folder, migrated as the server migrates it; stopped and removed after. */
export async function withEmbeddedDefault<T>(work: (database: BenchDatabase) => Promise<T>): Promise<T> {
  const dataDir = tempFolder('orbitra-bench-data-');
  try {
    const embedded = await startEmbeddedDatabase({ dataDir });
    try {
      await runMigrations({ url: embedded.ownerUrl });
      const settings = await describeSettings(embedded.ownerUrl);
      return await work({
        side: 'embedded',
        label: `the embedded default (${settings.short})`,
        ownerUrl: embedded.ownerUrl,
        appUrl: embedded.appUrl,
        settings: settings.full,
        durability: settings.durability,
      });
    } finally {
      await embedded.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function withDatabase(url: string, database: string, login?: { user: string; password: string }): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  if (login) {
    parsed.username = login.user;
    parsed.password = login.password;
  }
  return parsed.toString();
}

/**
 * A fresh database on `serverUrl` (a superuser's, or one allowed to make databases), migrated, with the
 * app's login; dropped after, with the login.
 */
async function withFreshDatabase<T>(serverUrl: string, where: string, log: (line: string) => void, work: (database: BenchDatabase) => Promise<T>): Promise<T> {
  const suffix = `${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const name = `orbitra_bench_${suffix}`;
  const login = { user: `orbitra_bench_login_${suffix}`, password: crypto.randomBytes(18).toString('base64url') };
  await withClient(serverUrl, (client) => client.query(`create database "${name}"`));
  let loginMade = false;
  try {
    const ownerUrl = withDatabase(serverUrl, name);
    await runMigrations({ url: ownerUrl });
    let appUrl = ownerUrl;
    let how = 'the owner switched to the app role';
    try {
      await withClient(ownerUrl, async (client) => {
        // The password as a literal (CREATE ROLE takes no parameters); it is base64url, so it needs no escaping.
        await client.query(`create role ${login.user} login nosuperuser nobypassrls nocreatedb nocreaterole password '${login.password}'`);
        loginMade = true;
        await client.query(`grant ${APP_ROLE} to ${login.user}`);
      });
      appUrl = withDatabase(serverUrl, name, login);
      how = 'the app logs in as a login role of its own';
    } catch (error) {
      log(
        `  (no login role could be made on ${where}: ${error instanceof Error ? error.message : String(error)}; the app pools as the owner switched to the app role)`,
      );
    }
    const settings = await describeSettings(ownerUrl);
    return await work({
      side: 'server',
      label: `DATABASE_URL (${settings.short}; ${where}; ${how})`,
      ownerUrl,
      appUrl,
      settings: `${settings.full}; ${where}; ${how}`,
      durability: settings.durability,
    });
  } finally {
    await withClient(serverUrl, async (client) => {
      await client.query(`drop database if exists "${name}" with (force)`);
      if (loginMade) await client.query(`drop role if exists ${login.user}`);
    });
  }
}

/**
 * The DATABASE_URL side: BENCH_DATABASE_URL's server, else a throwaway cluster of Debian's PostgreSQL
 * with PostgreSQL's default settings, else nothing (a line says so and `work` does not run).
 */
export async function withDatabaseUrl<T>(title: string, log: (line: string) => void, work: (database: BenchDatabase) => Promise<T>): Promise<T | undefined> {
  const named = process.env.BENCH_DATABASE_URL;
  if (named) return withFreshDatabase(named, `the server BENCH_DATABASE_URL names (${new URL(named).host})`, log, work);
  const binDir = postgresBinDir();
  if (!binDir) {
    log(
      `\n== ${title} on DATABASE_URL: skipped (no server: set BENCH_DATABASE_URL, or install Debian's PostgreSQL, apt-get install postgresql, for a throwaway cluster) ==`,
    );
    return undefined;
  }
  // PostgreSQL's defaults, as the embedded default has them: fsync, synchronous commits, full page writes.
  const cluster = await startTestCluster({ binDir, settings: {} });
  try {
    return await withFreshDatabase(cluster.url, `a throwaway cluster of ${binDir}`, log, work);
  } finally {
    await cluster.dispose();
  }
}

/** The scenario on the embedded default, then on DATABASE_URL (skipped there when there is no server). */
export async function onBothSides<T>(
  title: string,
  log: (line: string) => void,
  work: (database: BenchDatabase) => Promise<T>,
): Promise<{ embedded: T; server: T | undefined }> {
  const embedded = await withEmbeddedDefault(work);
  const server = await withDatabaseUrl(title, log, work);
  return { embedded, server };
}
