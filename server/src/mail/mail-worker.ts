import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { systemContext } from '../db/wall/context';
import { startGraphileQueue, type MailQueue } from './graphile-queue';
import type { Mailer } from './mailer';

export interface MailWorkerOptions {
  handle: Pick<DatabaseHandle, 'contextDb' | 'url'>;
  /** The scheduled work (the quotations' reminders and expiry notices), run every minute by one instance. */
  scheduled: () => Promise<unknown>;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** Delivers the outbox and runs the scheduled follow-ups: the job queue (graphile-worker), on the owner's connections. */
export function startMailWorker({ handle, scheduled, mailer, log }: MailWorkerOptions): Promise<MailQueue> {
  // The outbox holds mail of every tenant and of none (password resets): delivering it is the system's work.
  const db = handle.contextDb(systemContext('mail delivery'));
  return startGraphileQueue({ ownerUrl: handle.url, delivery: { db, mailer, log }, scheduled });
}
