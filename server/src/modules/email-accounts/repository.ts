import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailAccounts, mailboxFolders } from '../../db/schema';

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

/** Every function takes the owner first: an account is only ever reached through its owner. */
export function emailAccountsRepository(db: DbOrTx) {
  return {
    list(ownerId: string): Promise<EmailAccountRow[]> {
      return db.select().from(emailAccounts).where(eq(emailAccounts.userId, ownerId)).orderBy(asc(emailAccounts.createdAt), asc(emailAccounts.emailAddress));
    },

    async find(ownerId: string, id: string): Promise<EmailAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(emailAccounts)
        .where(and(eq(emailAccounts.userId, ownerId), eq(emailAccounts.id, id)))
        .limit(1);
      return row;
    },

    /** The id is chosen by the caller: it is sealed into the ciphertext before the row exists. */
    async insert(ownerId: string, id: string, values: EmailAccountValues & { passwordCiphertext: string }): Promise<EmailAccountRow> {
      const [row] = await db
        .insert(emailAccounts)
        .values({ ...values, id, userId: ownerId })
        .returning();
      return row;
    },

    async update(ownerId: string, id: string, values: EmailAccountValues): Promise<EmailAccountRow | undefined> {
      const [row] = await db
        .update(emailAccounts)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(emailAccounts.userId, ownerId), eq(emailAccounts.id, id)))
        .returning();
      return row;
    },

    async delete(ownerId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(emailAccounts)
        .where(and(eq(emailAccounts.userId, ownerId), eq(emailAccounts.id, id)))
        .returning({ id: emailAccounts.id });
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

    async setCiphertext(ownerId: string, id: string, passwordCiphertext: string): Promise<void> {
      await db
        .update(emailAccounts)
        .set({ passwordCiphertext })
        .where(and(eq(emailAccounts.userId, ownerId), eq(emailAccounts.id, id)));
    },
  };
}
