import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailOutbox, type MailStatus } from '../db/schema';
import type { OutboundMail } from './mailer';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/*
 * Retrying a mail is decided here and nowhere else: the row counts the tries,
 * holds the mail while one worker tries it (the lease), says when the next try is due (the backoff)
 * and when to give up. The queue on PostgreSQL only wakes a delivery up (graphile-queue.ts) and
 * never retries a job itself. The outbox was kept over graphile-worker's own job retry because
 * the quotation's page shows these tries and their last answer, and
 * because a row outlives a queue job lost with its worker.
 */

/** Tries before a mail is given up: retries after e^1 … e^10 s, then e^10 s (about 6 h), about 22 h in all. */
export const MAIL_MAX_ATTEMPTS = 13;
/** How long a worker holds a mail it is delivering; a worker that died lets go of it after this. */
export const MAIL_LEASE = sql`interval '2 minutes'`;

/** The wait before the next try after `attempts` tries: e^min(attempts, 10) seconds (2.7 s, 7.4 s, 20 s, … 6.1 h). */
const backoff = sql`exp(least(${mailOutbox.attempts}, 10)) * interval '1 second'`;

export interface EnqueueInput {
  tenantId: string | null;
  quotationId?: string | null;
  mail: OutboundMail;
  /** false: mail is not set up; the row records that it was not sent. */
  configured: boolean;
}

const OUTBOX_COLUMNS = {
  id: mailOutbox.id,
  kind: mailOutbox.kind,
  payload: mailOutbox.payload,
  attempts: mailOutbox.attempts,
  maxAttempts: mailOutbox.maxAttempts,
};
export type ClaimedMail = { id: string; kind: OutboxRow['kind']; payload: Record<string, string>; attempts: number; maxAttempts: number };

export function outboxRepository(db: DbOrTx) {
  return {
    /**
     * Adds a mail in the caller's transaction. `once`: a mail of this kind for this quotation goes out
     * once ever (reminders, expiry notices); a second answers undefined.
     */
    async enqueue(input: EnqueueInput, once = false): Promise<OutboxRow | undefined> {
      const insert = db.insert(mailOutbox).values({
        tenantId: input.tenantId,
        quotationId: input.quotationId ?? null,
        kind: input.mail.kind,
        toAddress: input.mail.to,
        payload: { ...input.mail },
        status: input.configured ? 'queued' : 'not_configured',
        maxAttempts: MAIL_MAX_ATTEMPTS,
      });
      const [row] = once ? await insert.onConflictDoNothing().returning() : await insert.returning();
      return row;
    },

    /**
     * Takes one mail that is due: the given one, or the one due first. Skips rows another worker holds
     * (SKIP LOCKED and the lease), so each try is made by one worker; counts the try.
     */
    async claim(id?: string): Promise<ClaimedMail | undefined> {
      const pick = sql`select ${mailOutbox.id} from ${mailOutbox}
        where ${mailOutbox.status} = 'queued' and (${mailOutbox.lockedUntil} is null or ${mailOutbox.lockedUntil} < now())
          and ${mailOutbox.nextAttemptAt} <= now() ${id ? sql`and ${mailOutbox.id} = ${id}` : sql``}
        order by ${mailOutbox.nextAttemptAt} limit 1 for update skip locked`;
      const [row] = await db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, lockedUntil: sql`now() + ${MAIL_LEASE}` })
        .where(sql`${mailOutbox.id} = (${pick})`)
        .returning(OUTBOX_COLUMNS);
      return row as ClaimedMail | undefined;
    },

    /** Delivered. A reset link is a secret: once delivered, the outbox forgets it. */
    async recordSent(id: string): Promise<void> {
      await db
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: sql`now()`,
          lockedUntil: null,
          lastError: null,
          payload: sql`case when ${mailOutbox.kind} = 'password_reset' then '{}'::jsonb else ${mailOutbox.payload} end`,
        })
        .where(eq(mailOutbox.id, id));
    },

    /** A failed try: again after the backoff (when: nextAttemptAt), or failed for good (last try, or a permanent refusal). */
    async recordFailure(id: string, error: string, permanent: boolean): Promise<{ status: MailStatus; nextAttemptAt: Date }> {
      const giveUp = sql`(${permanent} or ${mailOutbox.attempts} >= ${mailOutbox.maxAttempts})`;
      const [row] = await db
        .update(mailOutbox)
        .set({
          status: sql`case when ${giveUp} then 'failed' else 'queued' end`,
          lastError: error,
          lockedUntil: null,
          nextAttemptAt: sql`now() + ${backoff}`,
          payload: sql`case when ${giveUp} and ${mailOutbox.kind} = 'password_reset' then '{}'::jsonb else ${mailOutbox.payload} end`,
        })
        .where(eq(mailOutbox.id, id))
        .returning({ status: mailOutbox.status, nextAttemptAt: mailOutbox.nextAttemptAt });
      return row ?? { status: 'failed', nextAttemptAt: new Date() };
    },

    /** The latest mail of a quotation's own (not reminders). */
    async latestQuotationMail(tenantId: string, quotationId: string): Promise<OutboxRow | undefined> {
      const [row] = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.quotationId, quotationId), eq(mailOutbox.kind, 'quotation')))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(1);
      return row;
    },
  };
}
