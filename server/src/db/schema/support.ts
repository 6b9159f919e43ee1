import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { prospects } from './crm-companies';
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
     * The prospect the message was converted into. The message itself still belongs to no tenant,
     * so the column is not named tenant_id: it is the prospect's tenant, half of the prospect's key.
     */
    prospectTenantId: uuid('prospect_tenant_id'),
    prospectId: uuid('prospect_id'),
  },
  (t) => [
    // The inbox lists unsolved messages, newest first.
    index('support_messages_unsolved_idx')
      .on(t.createdAt)
      .where(sql`${t.solvedAt} is null`),
    // Deleting the prospect forgets the link (both halves), not the message.
    foreignKey({
      name: 'support_messages_prospect_fk',
      columns: [t.prospectTenantId, t.prospectId],
      foreignColumns: [prospects.tenantId, prospects.id],
    }).onDelete('set null'),
    // Serves that foreign key when prospects are deleted in bulk.
    index('support_messages_prospect_idx')
      .on(t.prospectTenantId, t.prospectId)
      .where(sql`${t.prospectId} is not null`),
  ],
);
