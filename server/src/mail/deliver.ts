import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { untilDatabaseAnswers } from '../db/database-away';
import { isPermanentMailError, mailErrorText, type Mailer, type OutboundMail } from './mailer';
import { outboxRepository, type ClaimedMail } from './outbox-repository';

export interface DeliveryDeps {
  /** The system's database (mail-worker.ts names it): the outbox holds every tenant's mail. */
  db: Db;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** The end of one try; after 'retry' the outbox has set when the next try is due. */
export type Delivery = { outcome: 'sent' | 'failed' | 'none' } | { outcome: 'retry'; id: string; nextAttemptAt: Date };

async function deliverClaimed({ db, mailer, log }: DeliveryDeps, mail: ClaimedMail): Promise<Delivery> {
  const repo = outboxRepository(db);
  try {
    await mailer.deliver({ ...mail.payload, kind: mail.kind } as OutboundMail);
  } catch (error) {
    const { status, nextAttemptAt } = await untilDatabaseAnswers(() => repo.recordFailure(mail.id, mailErrorText(error), isPermanentMailError(error)));
    log.warn(
      { mail: mail.id, kind: mail.kind, attempt: mail.attempts, err: mailErrorText(error) },
      status === 'failed' ? 'mail failed for good' : 'mail not delivered, will try again',
    );
    return status === 'failed' ? { outcome: 'failed' } : { outcome: 'retry', id: mail.id, nextAttemptAt };
  }
  // The mail is out: that is recorded even if the database has to come back first, or it would go twice.
  await untilDatabaseAnswers(() => repo.recordSent(mail.id));
  return { outcome: 'sent' };
}

/**
 * One try at one due mail: `id`'s (the queue's job) or the one due first. 'none' when there is
 * nothing to do (delivered already, not due yet, or held by another worker).
 */
export async function deliverMail(deps: DeliveryDeps, id?: string): Promise<Delivery> {
  const mail = await outboxRepository(deps.db).claim(id);
  return mail ? deliverClaimed(deps, mail) : { outcome: 'none' };
}

/** Tries every mail that is due, one after another; `retrying` hears of each that will be tried again. */
export async function deliverDueMail(deps: DeliveryDeps, retrying?: (id: string, at: Date) => Promise<unknown>): Promise<number> {
  let tried = 0;
  for (let done = await deliverMail(deps); done.outcome !== 'none'; done = await deliverMail(deps)) {
    tried += 1;
    if (done.outcome === 'retry') await retrying?.(done.id, done.nextAttemptAt);
  }
  return tried;
}
