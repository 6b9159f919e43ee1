import type { Database } from '../../tenancy/database';
import { outboxRepository } from '../../mail/outbox-repository';
import { userScope } from '../../tenancy/scope';
import { notifyDue, type DueSource } from './due';
import { bellRepository, notificationsRepository, type UnmailedNotification } from './repository';

/** Mails handed to the outbox per sweep; the rest wait for the next minute. */
const MAILS_PER_SWEEP = 500;

/** Why the sweep sees every tenant and owner: what it does for everyone at once. */
const SWEEP = 'notifications: what came due, and mail asked for';

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
export function notificationSweep(database: Database, { dueSources, publicUrl, mailConfigured }: NotificationSweepOptions) {
  return {
    async run(): Promise<{ mailed: number }> {
      const db = database.asSystem(SWEEP);
      await notifyDue(db, dueSources);
      const unmailed = await notificationsRepository(db).unmailed(MAILS_PER_SWEEP);
      const visible = await visibleToTheirUsers(database, unmailed);
      let mailed = 0;
      for (const row of unmailed) {
        const mail = { kind: 'notification' as const, to: row.to, text: row.text, link: `${publicUrl}${row.link ?? '/crm'}` };
        await db.transaction(async (tx) => {
          // One its user may no longer see (the record went to someone else) is settled unmailed, as the bell hides it.
          if (visible.has(row.id)) await outboxRepository(tx).enqueue({ tenantId: row.tenantId, mail, configured: mailConfigured });
          await notificationsRepository(tx).markMailed(row.tenantId, row.id);
        });
        if (visible.has(row.id)) mailed += 1;
      }
      return { mailed };
    },
  };
}

/** The notifications each user may see now, read on their own handle, as their bell reads them. */
async function visibleToTheirUsers(database: Database, rows: readonly UnmailedNotification[]): Promise<Set<string>> {
  const byUser = new Map<string, { user: UnmailedNotification['user']; ids: string[] }>();
  for (const row of rows) {
    const entry = byUser.get(row.user.id) ?? { user: row.user, ids: [] };
    entry.ids.push(row.id);
    byUser.set(row.user.id, entry);
  }
  const visible = new Set<string>();
  for (const { user, ids } of byUser.values()) {
    for (const id of await bellRepository(database.as(userScope(user))).visibleIds(ids)) visible.add(id);
  }
  return visible;
}
