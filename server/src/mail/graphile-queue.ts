import { Logger, run, type Runner, type Task } from 'graphile-worker';
import pg from 'pg';
import { untilDatabaseAnswers } from '../db/database-away';
import { deliverMail, type DeliveryDeps } from './deliver';

/** Runs every minute; graphile-worker's cron starts each tick once, whatever the number of instances. */
const CRONTAB = '* * * * * scheduled_followups ?max=1';

/**
 * Queued mail whose queue job is gone or overdue (a worker killed in the middle of a try, mail
 * queued before the queue's schema existed) is handed to the queue again; the job key keeps one
 * job per mail. The outbox is behind the tenant wall, which the owner obeys too: the system scope
 * is set for this one transaction.
 */
async function requeueStaleMail(client: pg.ClientBase, overdue: string): Promise<void> {
  await client.query('begin');
  try {
    await client.query(`select set_config('orbitra.scope', 'system', true)`);
    await client.query(
      `select graphile_worker.add_job('deliver_mail', json_build_object('id', id), max_attempts := max_attempts,
         job_key := 'mail:' || id::text, job_key_mode := 'preserve_run_at')
       from mail_outbox
       where status = 'queued' and (locked_until is null or locked_until < now()) and next_attempt_at <= now() - $1::interval`,
      [overdue],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

export interface GraphileQueueOptions {
  /** The owner's connection string: the queue makes and keeps its own schema. */
  ownerUrl: string;
  delivery: DeliveryDeps;
  /** The scheduled work (quotation reminders and expiry notices). */
  scheduled: () => Promise<unknown>;
  concurrency?: number;
}

export interface MailQueue {
  stop(): Promise<void>;
}

/**
 * The mail queue on PostgreSQL: graphile-worker (version pinned in package.json). It was chosen over
 * pg-boss because its jobs can be added from SQL (graphile_worker.add_job), so the outbox's trigger
 * adds a mail's job in the very transaction that writes the mail, and its retry backoff
 * (e^min(attempts, 10) seconds) is the one the outbox records. A job is taken by one worker at a
 * time (SKIP LOCKED); the delivery itself also holds the outbox row (deliverMail).
 */
export async function startGraphileQueue(options: GraphileQueueOptions): Promise<MailQueue> {
  const { delivery } = options;
  // Our own pool, so that a database that goes away is an error logged, never an unhandled event.
  const pool = new pg.Pool({ connectionString: options.ownerUrl, max: (options.concurrency ?? 2) + 2 });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const logger = new Logger(() => (level, message) => {
    if (level === 'error') delivery.log.error(`mail queue: ${message}`);
    else if (level === 'warning') delivery.log.warn(`mail queue: ${message}`);
  });

  const deliver: Task = async (payload, helpers) => {
    const id = (payload as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') return;
    const outcome = await untilDatabaseAnswers(() => deliverMail(delivery, id), helpers.abortSignal);
    // Thrown, so the queue tries the job again after its backoff.
    if (outcome === 'retry') throw new Error('The mail was not delivered; it will be tried again.');
  };
  const scheduled: Task = async (_payload, helpers) => {
    // A job whose database went away waits for it instead of failing: the queue records a job's
    // end in the database, and cannot while it is away.
    await untilDatabaseAnswers(async () => {
      await options.scheduled();
      await helpers.withPgClient((client) => requeueStaleMail(client, '1 minute'));
    }, helpers.abortSignal);
  };

  const runner: Runner = await run({
    pgPool: pool,
    concurrency: options.concurrency ?? 2,
    noHandleSignals: true,
    pollInterval: 2000,
    logger,
    taskList: { deliver_mail: deliver, scheduled_followups: scheduled },
    crontab: CRONTAB,
  });
  // Mail queued while no instance ran, or held by one that was killed, is delivered after this start.
  const client = await pool.connect();
  try {
    await requeueStaleMail(client, '0 seconds');
  } finally {
    client.release();
  }
  return {
    async stop() {
      await runner.stop();
      await pool.end();
    },
  };
}
