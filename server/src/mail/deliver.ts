import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { untilDatabaseAnswers } from '../db/database-away';
import { withSystemContext } from '../db/wall/context';
import { isPermanentMailError, mailErrorText, type Mailer, type OutboundMail } from './mailer';
import { outboxRepository, type ClaimedMail } from './outbox-repository';

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'none';

async function deliverClaimed({ db, mailer, log }: DeliveryDeps, mail: ClaimedMail): Promise<DeliveryOutcome> {
  const repo = outboxRepository(db);
  try {
    await mailer.deliver({ ...mail.payload, kind: mail.kind } as OutboundMail);
  } catch (error) {
    const status = await untilDatabaseAnswers(() => repo.recordFailure(mail.id, mailErrorText(error), isPermanentMailError(error)));
    log.warn(
      { mail: mail.id, kind: mail.kind, attempt: mail.attempts, err: mailErrorText(error) },
      status === 'failed' ? 'mail failed for good' : 'mail not delivered, will try again',
    );
    return status === 'failed' ? 'failed' : 'retry';
  }
  // The mail is out: that is recorded even if the database has to come back first, or it would go twice.
  await untilDatabaseAnswers(() => repo.recordSent(mail.id));
  return 'sent';
}

/**
 * One try at one mail: `id`'s (the queue's job) or the one due first (the in-process worker).
 * 'none' when there is nothing to do (delivered already, or held by another worker).
 */
export function deliverMail(deps: DeliveryDeps, id?: string): Promise<DeliveryOutcome> {
  return withSystemContext('mail delivery', async () => {
    const mail = await outboxRepository(deps.db).claim(id);
    return mail ? deliverClaimed(deps, mail) : 'none';
  });
}

/** Tries every mail that is due, one after another; answers how many were tried. */
export async function deliverDueMail(deps: DeliveryDeps): Promise<number> {
  let tried = 0;
  while ((await deliverMail(deps)) !== 'none') tried += 1;
  return tried;
}
