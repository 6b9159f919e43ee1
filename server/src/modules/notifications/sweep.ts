import type { Db } from '../../db/client';
import { withSystemContext } from '../../db/wall/context';
import { outboxRepository } from '../../mail/outbox-repository';
import { SYSTEM_SCOPE } from '../../tenancy/scope';
import { notifyDue, type DueSource } from './due';
import { notificationsRepository } from './repository';

/** Mails handed to the outbox per sweep; the rest wait for the next minute. */
const MAILS_PER_SWEEP = 500;

export interface NotificationSweepOptions {
  dueSources: readonly DueSource[];
  /** Origin of the links in the mails (PUBLIC_URL, else the server's own address). */
  publicUrl: string;
  mailConfigured: boolean;
}

/**
 * The scheduled step (every minute, beside the quotation follow-ups): tells everyone what came due,
 * whether or not a tab of theirs is open, and hands the notifications their users want mailed to
 * the outbox, each once (marked mailed in the same transaction as its mail).
 */
export function notificationSweep(db: Db, { dueSources, publicUrl, mailConfigured }: NotificationSweepOptions) {
  return {
    run(): Promise<{ mailed: number }> {
      return withSystemContext('notifications: what came due, and mail asked for', async () => {
        await notifyDue(db, dueSources, SYSTEM_SCOPE);
        const unmailed = await notificationsRepository(db).unmailed(MAILS_PER_SWEEP);
        for (const row of unmailed) {
          const mail = { kind: 'notification' as const, to: row.to, text: row.text, link: `${publicUrl}${row.link ?? '/crm'}` };
          await db.transaction(async (tx) => {
            await outboxRepository(tx).enqueue({ tenantId: row.tenantId, mail, configured: mailConfigured });
            await notificationsRepository(tx).markMailed(row.tenantId, row.id);
          });
        }
        return { mailed: unmailed.length };
      });
    },
  };
}
