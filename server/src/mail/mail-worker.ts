import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { startGraphileQueue, type MailQueue } from './graphile-queue';
import { startLocalWorker } from './local-worker';
import type { Mailer } from './mailer';

export interface MailWorkerOptions {
  handle: DatabaseHandle;
  /** The scheduled work (the quotations' reminders and expiry notices), run every minute by one instance. */
  scheduled: () => Promise<unknown>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** PGlite only: how often due mail is looked for (tests shorten it). */
  pollMs?: number;
}

/** Delivers the outbox and runs the scheduled follow-ups: the queue on PostgreSQL, timers on PGlite. */
export function startMailWorker({ handle, scheduled, mailer, log, pollMs }: MailWorkerOptions): Promise<MailQueue> {
  const delivery = { db: handle.db, mailer, log };
  if (handle.kind === 'postgres') return startGraphileQueue({ ownerUrl: handle.url, delivery, scheduled });
  return Promise.resolve(startLocalWorker({ delivery, scheduled, pollMs }));
}
