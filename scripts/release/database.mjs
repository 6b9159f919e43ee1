// The server's database, where the release manifest (live, previous, canary, history) and the browsers'
// failure reports are kept: the commands read and change the same row as every server instance.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT, ReleaseError } from './remotes.mjs';

const { Client } = createRequire(path.join(REPO_ROOT, 'server', 'package.json'))('pg');

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/**
 * Without DATABASE_URL, the server's embedded database in DATA_DIR (default <repo>/data): the one a
 * running server started (its port and owner's password are in DATA_DIR/postgres.json), or else one
 * started for this command by the server's own code (hold-cli.ts), stopped when the command ends.
 */
async function embeddedDatabase(env) {
  const dataDir = env.DATA_DIR ? path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR) : path.join(REPO_ROOT, 'data');
  let state;
  try {
    state = JSON.parse(fs.readFileSync(path.join(dataDir, 'postgres.json'), 'utf8'));
  } catch {
    throw new ReleaseError(
      `There is no embedded database in ${dataDir} yet: start the server once (npm start), or set DATABASE_URL to the database the server uses.`,
      'unavailable',
    );
  }
  if (state.port && state.serverPid && alive(state.serverPid)) {
    return { url: `postgres://orbitra:${encodeURIComponent(state.ownerPassword)}@127.0.0.1:${state.port}/orbitra`, release: () => {} };
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/db/embedded/hold-cli.ts', 'hold', dataDir], {
    cwd: path.join(REPO_ROOT, 'server'),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const errors = [];
  child.stderr.on('data', (chunk) => errors.push(chunk));
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n').find((text) => text.startsWith('{'));
      if (line) resolve(JSON.parse(line).url);
    });
    child.on('exit', () => reject(new ReleaseError(Buffer.concat(errors).toString().trim() || 'The embedded database did not start.', 'unavailable')));
  });
  // Stopped once this command is done: its standard input closes.
  return { url, release: () => new Promise((done) => (child.exitCode !== null ? done() : (child.once('exit', done), child.stdin.end()))) };
}

/** PostgreSQL's "no such table": the database was not migrated by a server of this version yet. */
const UNDEFINED_TABLE = '42P01';

/**
 * One connection to DATABASE_URL. `transaction(work)` runs `work(query)` in a transaction and commits,
 * or rolls back what it did when it throws; the password in the URL is never printed.
 */
export async function openDatabase(env = process.env) {
  const embedded = env.DATABASE_URL ? undefined : await embeddedDatabase(env);
  const client = new Client({ connectionString: env.DATABASE_URL || embedded.url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    await embedded?.release();
    throw new ReleaseError(`The ${embedded ? 'embedded database' : 'database of DATABASE_URL'} cannot be reached (${error.message}).`, 'unavailable');
  }
  const query = async (text, params) => {
    try {
      return (await client.query(text, params)).rows;
    } catch (error) {
      if (error.code === UNDEFINED_TABLE) {
        throw new ReleaseError(
          `The database of DATABASE_URL has no ${/relation "([^"]+)"/.exec(error.message)?.[1] ?? 'release'} table: start the server of this version on it once (it migrates the database), then try again.`,
          'unavailable',
        );
      }
      throw error;
    }
  };
  return {
    query,
    async transaction(work) {
      await client.query('begin');
      try {
        const result = await work(query);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      }
    },
    close: async () => {
      await client.end().catch(() => {});
      await embedded?.release();
    },
  };
}
