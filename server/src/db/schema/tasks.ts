import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, pgTable, primaryKey, text, time, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { callbacks } from './call-queue';
import { createdAt, updatedAt } from './columns';
import { leads, prospects } from './crm-companies';
import { tenantId, users } from './tenancy';

/**
 * Something to do about a prospect or lead: a call, an email, a meeting or a to-do, due on a day
 * (in the server's time zone, the CRM's "today") and optionally at a time. A prospect's tasks get
 * its lead's id when it converts. A callback scheduled in the call queue writes its call task in
 * the same transaction (callback_id), and whichever of the two is done first marks both done.
 */
export const tasks = pgTable(
  'tasks',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    dueTime: time('due_time'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    prospectId: uuid('prospect_id'),
    leadId: uuid('lead_id'),
    callbackId: uuid('callback_id'),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    doneBy: uuid('done_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'tasks_prospect_fk', columns: [t.tenantId, t.prospectId], foreignColumns: [prospects.tenantId, prospects.id] }).onDelete('cascade'),
    foreignKey({ name: 'tasks_lead_fk', columns: [t.tenantId, t.leadId], foreignColumns: [leads.tenantId, leads.id] }).onDelete('cascade'),
    foreignKey({ name: 'tasks_callback_fk', columns: [t.tenantId, t.callbackId], foreignColumns: [callbacks.tenantId, callbacks.id] }).onDelete('cascade'),
    index('tasks_id_idx').on(t.id),
    index('tasks_prospect_idx').on(t.tenantId, t.prospectId),
    index('tasks_lead_idx').on(t.tenantId, t.leadId),
    // My day and the calendar feed: a user's open tasks by day.
    index('tasks_open_owner_idx')
      .on(t.tenantId, t.ownerId, t.dueDate)
      .where(sql`${t.doneAt} is null`),
    uniqueIndex('tasks_callback_idx').on(t.tenantId, t.callbackId),
    index('tasks_owner_id_idx').on(t.ownerId),
    index('tasks_created_by_idx').on(t.createdBy),
    index('tasks_done_by_idx').on(t.doneBy),
    check('tasks_about_a_record', sql`${t.prospectId} is not null or ${t.leadId} is not null`),
    check('tasks_type', sql`${t.type} in ('call', 'email', 'meeting', 'todo')`),
    check('tasks_title_length', sql`char_length(${t.title}) between 1 and 200`),
  ],
);

/** A user's personal calendar feed: the secret of its address, kept only as its SHA-256 (one per user; regenerating replaces it). */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});
