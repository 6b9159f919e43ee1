import { boolean, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './tenancy';

/**
 * Mailbox credentials of one user: not tenant-owned, nobody else (admins included) sees them.
 * The password is only ever stored encrypted (modules/email-accounts/password-cipher.ts).
 */
export const emailAccounts = pgTable(
  'email_accounts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Stored in lower case (the contract lowers it), so the unique index compares addresses.
    emailAddress: text('email_address').notNull(),
    provider: text('provider').notNull(),
    passwordCiphertext: text('password_ciphertext').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Also the index of "this user's accounts": user_id leads.
  (t) => [uniqueIndex('email_accounts_user_address_unique').on(t.userId, t.emailAddress)],
);
