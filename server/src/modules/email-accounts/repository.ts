import { and, asc, eq } from 'drizzle-orm';
import { emailAccounts, mailboxFolders } from '../../db/schema';
import { notFound } from '../../lib/refusal';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { userScopeOf } from '../../tenancy/scope';

export type EmailAccountRow = typeof emailAccounts.$inferSelect;
/** What a save writes: the address, provider, servers and connection state; the password only when typed. */
export type EmailAccountValues = Pick<EmailAccountRow, 'emailAddress' | 'provider'> &
  Partial<
    Pick<
      EmailAccountRow,
      | 'imapHost'
      | 'imapPort'
      | 'imapSecurity'
      | 'smtpHost'
      | 'smtpPort'
      | 'smtpSecurity'
      | 'loginName'
      | 'saveSent'
      | 'connectedAt'
      | 'authFailedAt'
      | 'authFailureToldAt'
      | 'fetchError'
    >
  > & { passwordCiphertext?: string };

/**
 * Mailbox accounts through the caller's database handle: a user reaches only their own (the scope's
 * user; nobody else, admins included, sees them). Only key rotation, on the system's handle, reads
 * across owners.
 */
export function emailAccountsRepository(db: ScopedDbOrTx) {
  // The system's handle has no accounts of its own: asking it for "its" accounts is a mistake, not an empty list.
  const owner = () => userScopeOf(db.scope).userId;
  const mine = (id: string) => and(eq(emailAccounts.userId, owner()), eq(emailAccounts.id, id));

  return {
    list(): Promise<EmailAccountRow[]> {
      return db.select().from(emailAccounts).where(eq(emailAccounts.userId, owner())).orderBy(asc(emailAccounts.createdAt), asc(emailAccounts.emailAddress));
    },

    /** One of the caller's accounts; any other id (another user's included) answers not-found. */
    async visible(id: string, detail: string): Promise<EmailAccountRow> {
      const [row] = await db.select().from(emailAccounts).where(mine(id)).limit(1);
      if (!row) throw notFound(detail);
      return row;
    },

    /** The id is chosen by the caller: it is sealed into the ciphertext before the row exists. */
    async insert(id: string, values: EmailAccountValues & { passwordCiphertext: string }): Promise<EmailAccountRow> {
      const [row] = await db
        .insert(emailAccounts)
        .values({ ...values, id, userId: owner() })
        .returning();
      return row;
    },

    async update(id: string, values: EmailAccountValues): Promise<EmailAccountRow | undefined> {
      const [row] = await db
        .update(emailAccounts)
        .set({ ...values, updatedAt: new Date() })
        .where(mine(id))
        .returning();
      return row;
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(emailAccounts).where(mine(id)).returning({ id: emailAccounts.id });
      return rows.length > 0;
    },

    /** The fetch starts a mailbox's folders over (its incoming server or login changed). */
    async forgetFolders(accountId: string): Promise<void> {
      await db.delete(mailboxFolders).where(eq(mailboxFolders.accountId, accountId));
    },

    /** Every account's ciphertext, locked until the transaction ends: only key rotation reads across owners. */
    lockAllCiphertexts(): Promise<Array<Pick<EmailAccountRow, 'id' | 'userId' | 'passwordCiphertext'>>> {
      return db
        .select({ id: emailAccounts.id, userId: emailAccounts.userId, passwordCiphertext: emailAccounts.passwordCiphertext })
        .from(emailAccounts)
        .orderBy(asc(emailAccounts.id))
        .for('update');
    },

    /** Key rotation's write of a row it has locked (lockAllCiphertexts), of whichever owner. */
    async setCiphertext(account: Pick<EmailAccountRow, 'id' | 'userId'>, passwordCiphertext: string): Promise<void> {
      await db
        .update(emailAccounts)
        .set({ passwordCiphertext })
        .where(and(eq(emailAccounts.userId, account.userId), eq(emailAccounts.id, account.id)));
    },
  };
}
