import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { quotationFollowups } from '../modules/quotations/followups';
import { shareLinks } from '../modules/quotations/share-link';
import { startGraphileQueue, type MailQueue } from './graphile-queue';
import { startLocalWorker } from './local-worker';
import type { Mailer } from './mailer';

export interface MailWorkerOptions {
  handle: DatabaseHandle;
  config: AppConfig;
  authSecret: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** PGlite only: how often due mail is looked for (tests shorten it). */
  pollMs?: number;
}

/** Delivers the outbox and runs the scheduled follow-ups: the queue on PostgreSQL, timers on PGlite. */
export function startMailWorker({ handle, config, authSecret, mailer, log, pollMs }: MailWorkerOptions): Promise<MailQueue> {
  const delivery = { db: handle.db, mailer, log };
  const followups = quotationFollowups({
    db: handle.db,
    links: shareLinks(authSecret, config.publicOrigin),
    publicUrl: config.publicUrl,
    mailConfigured: mailer.configured,
  });
  const scheduled = () => followups.run();
  if (handle.kind === 'postgres') return startGraphileQueue({ ownerUrl: handle.url, delivery, scheduled });
  return Promise.resolve(startLocalWorker({ delivery, scheduled, pollMs }));
}
