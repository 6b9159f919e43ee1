import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ScopedDb } from '../../tenancy/database';
import { emailAccounts, users } from '../../db/schema';
import { notificationsRepository } from '../notifications';

/**
 * A mailbox whose server stopped taking its password: the Email page shows so from then on,
 * nothing is fetched or sent from it until the password is entered again, and its owner is told
 * once (in the bell, under their home tenant) however many fetches or mails find it so. Work of
 * the system (the fetch, the outbox): `db` is the system's.
 */
export async function markPasswordFailed(db: ScopedDb, accountId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [account] = await tx
      .update(emailAccounts)
      .set({ authFailedAt: sql`coalesce(${emailAccounts.authFailedAt}, now())`, authFailureToldAt: sql`now()` })
      .where(and(eq(emailAccounts.id, accountId), isNull(emailAccounts.authFailureToldAt)))
      .returning({ userId: emailAccounts.userId, address: emailAccounts.emailAddress });
    // Told already (the update matched nothing): only make sure the failure is shown.
    if (!account) {
      await tx
        .update(emailAccounts)
        .set({ authFailedAt: sql`coalesce(${emailAccounts.authFailedAt}, now())` })
        .where(eq(emailAccounts.id, accountId));
      return;
    }
    const [owner] = await tx.select({ tenantId: users.tenantId }).from(users).where(eq(users.id, account.userId)).limit(1);
    if (!owner?.tenantId) return;
    await notificationsRepository(tx).insert([
      {
        tenantId: owner.tenantId,
        userId: account.userId,
        kind: 'mailbox_failed',
        onceKey: `mailbox-failed:${accountId}:${Date.now()}`,
        text: `The password of your mailbox ${account.address} stopped working: enter it again on the Email page. Until then no mail is fetched or sent from it.`,
        link: '/email',
      },
    ]);
  });
}
