import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../testing/throwaway-postgres';
import { openPostgres, type DatabaseHandle } from '../client';
import { isDatabaseUnavailable } from '../database-away';
import { runMigrations } from '../migrate';
import { systemContext } from '../wall/context';

/*
 * A database that stops answering without closing its connections (a frozen or hung server: TCP
 * still acknowledges what is sent) fails a statement once its answer is late, as a database away,
 * instead of holding the request for good; the pool goes on once it answers again. The cluster is
 * the test's own, frozen with SIGSTOP, never the suite's.
 */

let cluster: ThrowawayPostgres | undefined;
let handle: DatabaseHandle | undefined;
afterAll(async () => {
  await handle?.close();
  await cluster?.dispose();
});

/** The cluster's postmaster and every process it started (backends, checkpointer, WAL writer, …). */
async function processesOf(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ data_directory: string }>('show data_directory');
  await client.end();
  const postmaster = Number(fs.readFileSync(`${rows[0].data_directory}/postmaster.pid`, 'utf8').split('\n')[0]);
  const children = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return /^PPid:\s+(\d+)$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] === String(postmaster);
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** Sends a signal; a process that has ended since it was listed (a short-lived child, reaped) has nothing to freeze or thaw. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

test('a frozen database fails a statement as unavailable once its answer is late, and the pool serves again once it thaws', async () => {
  cluster = await startThrowawayPostgres();
  handle = openPostgres(cluster.url, undefined, { poolSize: 2, keepOpen: true, answerTimeoutMs: 1000 });
  await runMigrations(handle);
  const db = handle.contextDb(systemContext('test'));
  expect(await db.execute(sql`select 1 as one`)).toBeTruthy();

  const frozen = await processesOf(cluster.url);
  for (const pid of frozen) signal(pid, 'SIGSTOP');
  try {
    const started = Date.now();
    const outcomes = await Promise.allSettled([db.execute(sql`select 1`), db.transaction((tx) => tx.execute(sql`select 1`))]);
    const took = Date.now() - started;
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect(isDatabaseUnavailable((outcome as PromiseRejectedResult).reason)).toBe(true);
    }
    // Within the answer timeout and the connect timeout of a fresh connection, not for as long as it stays frozen.
    expect(took).toBeLessThan(6000);
  } finally {
    // The postmaster last: thawed, it reaps its ended children at once.
    for (const pid of [...frozen].reverse()) signal(pid, 'SIGCONT');
  }

  // The connections that timed out were closed; the pool opens others and serves.
  const answered = await db.execute(sql`select 2 as two`);
  expect(answered).toBeTruthy();
});
