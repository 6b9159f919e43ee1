import { NOTIFICATION_KINDS } from '@app/shared/contracts';
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { leads, prospects } from './crm-companies';
import { quotations } from './quotations';
import { tenantId, users } from './tenancy';

/** The kinds the table takes: the contract's list, so a new kind there widens the checks (through db:generate). */
const KINDS_SQL = sql.raw(NOTIFICATION_KINDS.map((kind) => `'${kind}'`).join(', '));

/**
 * What one user is told, written with the event that causes it. Only its user reads it (the
 * database wall too), and only while they still see the record it is about; the record's deletion
 * takes it along. `once_key` names an event that tells its user once (a callback come due, a
 * quotation's first view): a second write of the same key changes nothing, or updates an import's counts.
 */
export const notifications = pgTable(
  'notifications',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    prospectId: uuid('prospect_id'),
    leadId: uuid('lead_id'),
    quotationId: uuid('quotation_id'),
    onceKey: text('once_key'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    // When its mail went to the outbox; null while not (yet) mailed: the sweep mails those their user asked for.
    mailedAt: timestamp('mailed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'notifications_prospect_fk', columns: [t.tenantId, t.prospectId], foreignColumns: [prospects.tenantId, prospects.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'notifications_lead_fk', columns: [t.tenantId, t.leadId], foreignColumns: [leads.tenantId, leads.id] }).onDelete('cascade'),
    foreignKey({ name: 'notifications_quotation_fk', columns: [t.tenantId, t.quotationId], foreignColumns: [quotations.tenantId, quotations.id] }).onDelete(
      'cascade',
    ),
    // The bell's list: a user's newest first; and its count of unread ones.
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_id_idx').on(t.id),
    index('notifications_unmailed_idx')
      .on(t.createdAt)
      .where(sql`${t.mailedAt} is null`),
    index('notifications_prospect_idx').on(t.tenantId, t.prospectId),
    index('notifications_lead_idx').on(t.tenantId, t.leadId),
    index('notifications_quotation_idx').on(t.tenantId, t.quotationId),
    uniqueIndex('notifications_once_idx').on(t.tenantId, t.userId, t.onceKey),
    check('notifications_kind_valid', sql`${t.kind} in (${KINDS_SQL})`),
    check('notifications_text_length', sql`char_length(${t.text}) between 1 and 1000`),
    check('notifications_link_in_app', sql`${t.link} is null or ${t.link} like '/%'`),
  ],
);

/** The kinds a user also has mailed to them (a row per kind); every kind is in the bell either way. */
export const notificationMailKinds = pgTable(
  'notification_mail_kinds',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    // When the user asked for the kind by mail: only notifications from then on are mailed, not the backlog.
    since: timestamp('since', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] }), check('notification_mail_kinds_kind_valid', sql`${t.kind} in (${KINDS_SQL})`)],
);
