import { Logger, run, type AddJobFunction, type Runner, type Task } from 'graphile-worker';
import pg from 'pg';
import { untilDatabaseAnswers } from '../db/database-away';
import { deliverDueMail, deliverMail, type DeliveryDeps } from './deliver';

/**
 * Every minute (graphile-worker's cron starts each tick once, whatever the number of instances): the
 * follow-ups, and the mail that is due without a job to wake it (held by a worker that died until
 * its lease ran out, queued before the queue's schema existed).
 */
const CRONTAB = ['* * * * * scheduled_followups ?max=1', '* * * * * deliver_due_mail ?max=1'].join('\n');

/** One job per mail: a mail's next wake-up replaces the one it had. */
const mailJobKey = (id: string) => `mail:${id}`;

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
 * adds a mail's job in the very transaction that writes the mail. A job only wakes a delivery up:
 * whether and when a mail is tried again is the outbox's decision (outbox-repository.ts), so a
 * delivery that fails ends its job and adds the next one at the time the outbox set, and no job is
 * retried by the queue for a mail that was not delivered.
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

  const wakeAt = (addJob: AddJobFunction) => (id: string, runAt: Date) => addJob('deliver_mail', { id }, { runAt, jobKey: mailJobKey(id), maxAttempts: 1 });

  const deliver: Task = async (payload, helpers) => {
    const id = (payload as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') return;
    const done = await untilDatabaseAnswers(() => deliverMail(delivery, id), helpers.abortSignal);
    if (done.outcome === 'retry') await wakeAt(helpers.addJob)(done.id, done.nextAttemptAt);
  };
  const deliverDue: Task = async (_payload, helpers) => {
    await untilDatabaseAnswers(() => deliverDueMail(delivery, wakeAt(helpers.addJob)), helpers.abortSignal);
  };
  const scheduled: Task = async (_payload, helpers) => {
    // A job whose database went away waits for it instead of failing: the queue records a job's
    // end in the database, and cannot while it is away.
    await untilDatabaseAnswers(() => options.scheduled(), helpers.abortSignal);
  };

  const runner: Runner = await run({
    pgPool: pool,
    concurrency: options.concurrency ?? 2,
    noHandleSignals: true,
    pollInterval: 2000,
    logger,
    taskList: { deliver_mail: deliver, deliver_due_mail: deliverDue, scheduled_followups: scheduled },
    crontab: CRONTAB,
  });
  // Mail queued while no instance ran, or held by one that was killed, is delivered after this start.
  await runner.addJob('deliver_due_mail', {}, { jobKey: 'deliver_due_mail', maxAttempts: 1 });
  return {
    async stop() {
      await runner.stop();
      await pool.end();
    },
  };
}
