import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { leads, prospects } from './crm-companies';
import { tenantId, users } from './tenancy';

/**
 * Free notes on a prospect or lead, kept exactly as typed. A prospect's notes get its lead's id
 * when it converts, so the lead shows them; each record's deletion takes its notes with it.
 */
export const recordNotes = pgTable(
  'record_notes',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    prospectId: uuid('prospect_id'),
    leadId: uuid('lead_id'),
    // Only the author changes a note; a deleted author leaves the note unsigned.
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'record_notes_prospect_fk', columns: [t.tenantId, t.prospectId], foreignColumns: [prospects.tenantId, prospects.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'record_notes_lead_fk', columns: [t.tenantId, t.leadId], foreignColumns: [leads.tenantId, leads.id] }).onDelete('cascade'),
    index('record_notes_id_idx').on(t.id),
    index('record_notes_prospect_idx').on(t.tenantId, t.prospectId),
    index('record_notes_lead_idx').on(t.tenantId, t.leadId),
    index('record_notes_author_id_idx').on(t.authorId),
    check('record_notes_about_a_record', sql`${t.prospectId} is not null or ${t.leadId} is not null`),
    check('record_notes_body_length', sql`char_length(${t.body}) between 1 and 10000`),
  ],
);
