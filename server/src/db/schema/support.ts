import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './tenancy';

/**
 * Customer messages from the public contact form. Not tenant-owned: a visitor belongs to no
 * tenant; staff answer them for the whole company.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company'),
    service: text('service'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    solvedAt: timestamp('solved_at', { withTimezone: true, mode: 'date' }),
    solvedBy: uuid('solved_by').references(() => users.id, { onDelete: 'set null' }),
    /*
     * The prospect the message was converted into: its tenant and id, the prospect's key. The message
     * itself belongs to no tenant, so the column is not named tenant_id. No foreign key (a table of no
     * tenant cannot check one against tenant rows once those are distributed, db/distribution.ts): a
     * link to a prospect since deleted counts as none (modules/support/message-link.ts).
     */
    prospectTenantId: uuid('prospect_tenant_id'),
    prospectId: uuid('prospect_id'),
  },
  (t) => [
    // The Messages page lists unsolved customer messages, newest first.
    index('support_messages_unsolved_idx')
      .on(t.createdAt)
      .where(sql`${t.solvedAt} is null`),
  ],
);
