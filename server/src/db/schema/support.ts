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
  },
  // The inbox lists unsolved messages, newest first.
  (t) => [
    index('support_messages_unsolved_idx')
      .on(t.createdAt)
      .where(sql`${t.solvedAt} is null`),
  ],
);
