import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    // The mailbox's servers (a provider's preset, or typed for another provider); null: credentials only.
    imapHost: text('imap_host'),
    imapPort: integer('imap_port'),
    imapSecurity: text('imap_security'),
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port'),
    smtpSecurity: text('smtp_security'),
    // The login name of both servers when it is not the address itself.
    loginName: text('login_name'),
    // Whether a mail sent through SMTP is also put in the Sent folder (a provider that files it itself: false).
    saveSent: boolean('save_sent').notNull().default(true),
    // When both servers last took the stored password: set by Check connection; only then is the
    // mailbox fetched and offered to send from.
    connectedAt: timestamp('connected_at', { withTimezone: true, mode: 'date' }),
    // When its server stopped taking the password (fetching stops until it is entered again), and when its owner was told.
    authFailedAt: timestamp('auth_failed_at', { withTimezone: true, mode: 'date' }),
    authFailureToldAt: timestamp('auth_failure_told_at', { withTimezone: true, mode: 'date' }),
    // The fetch: held by one worker until then; its last end and what went wrong (a user's words).
    fetchLockedUntil: timestamp('fetch_locked_until', { withTimezone: true, mode: 'date' }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }),
    fetchError: text('fetch_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Also the index of "this user's accounts": user_id leads.
    uniqueIndex('email_accounts_user_address_unique').on(t.userId, t.emailAddress),
    check('email_accounts_imap_security_valid', sql`${t.imapSecurity} is null or ${t.imapSecurity} in ('tls', 'starttls', 'none')`),
    check('email_accounts_smtp_security_valid', sql`${t.smtpSecurity} is null or ${t.smtpSecurity} in ('tls', 'starttls', 'none')`),
  ],
);

/**
 * How far the fetch has read each folder of a mailbox (INBOX, and the folder its server marks as
 * Sent): the last UID seen under the folder's UIDVALIDITY. A new UIDVALIDITY starts the folder over
 * (the messages' Message-IDs keep a record from taking one twice).
 */
export const mailboxFolders = pgTable(
  'mailbox_folders',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => emailAccounts.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    path: text('path').notNull(),
    uidValidity: bigint('uid_validity', { mode: 'bigint' }).notNull(),
    lastUid: bigint('last_uid', { mode: 'number' }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.role] }), check('mailbox_folders_role_valid', sql`${t.role} in ('inbox', 'sent')`)],
);
