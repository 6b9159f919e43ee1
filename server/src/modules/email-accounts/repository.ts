import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailAccounts } from '../../db/schema';

export type EmailAccountRow = typeof emailAccounts.$inferSelect;
export type EmailAccountValues = Pick<EmailAccountRow, 'emailAddress' | 'provider'> & { passwordCiphertext?: string };

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
    async insert(ownerId: string, id: string, values: Required<EmailAccountValues>): Promise<EmailAccountRow> {
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
