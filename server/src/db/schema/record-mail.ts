import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { leads, prospects } from './crm-companies';
import { emailAccounts } from './email';
import { bytes } from './quotations';
import { tenantId, users } from './tenancy';

/** An address of a mail as kept: the address in lower case and the name shown beside it. */
export interface MailAddress {
  address: string;
  name: string;
}

/** An attachment as listed: its name, type and size; its content is only in the original. */
export interface MailAttachment {
  filename: string;
  content_type: string;
  size: number;
}

/**
 * A mail on a prospect's or lead's record: written from the record (sent through the user's
 * mailbox by the outbox), or fetched from a connected mailbox because it is to or from one of the
 * record's addresses. Like notes, a prospect's mail gets its lead's id when it converts. The body
 * is sanitized text; the message as it came (or went) is kept as the original, for download only.
 * `message_id` is the Message-ID (without brackets), so a record takes each message once whichever
 * mailboxes it is fetched from; `thread_key` is the first message of its conversation.
 */
export const recordMails = pgTable(
  'record_mails',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    prospectId: uuid('prospect_id'),
    leadId: uuid('lead_id'),
    // The mailbox it went out from or was fetched from, and that mailbox's user.
    accountId: uuid('account_id').references(() => emailAccounts.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    direction: text('direction').notNull(),
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    threadKey: text('thread_key').notNull(),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name').notNull().default(''),
    toAddresses: jsonb('to_addresses').$type<MailAddress[]>().notNull(),
    ccAddresses: jsonb('cc_addresses').$type<MailAddress[]>().notNull().default([]),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    bodyTruncated: boolean('body_truncated').notNull().default(false),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    original: bytes('original'),
    originalSize: integer('original_size').notNull().default(0),
    // A sent mail's delivery (its state is the outbox row's, of the same tenant), and when it was put in
    // the mailbox's Sent folder. No foreign key: the outbox stays on the coordinator (db/distribution.ts),
    // and its rows go only with their tenant, which takes this row along.
    outboxId: uuid('outbox_id'),
    savedToSentAt: timestamp('saved_to_sent_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'record_mails_prospect_fk', columns: [t.tenantId, t.prospectId], foreignColumns: [prospects.tenantId, prospects.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'record_mails_lead_fk', columns: [t.tenantId, t.leadId], foreignColumns: [leads.tenantId, leads.id] }).onDelete('cascade'),
    index('record_mails_id_idx').on(t.id),
    index('record_mails_prospect_idx').on(t.tenantId, t.prospectId, t.sentAt),
    index('record_mails_lead_idx').on(t.tenantId, t.leadId, t.sentAt),
    index('record_mails_message_idx').on(t.tenantId, t.messageId),
    index('record_mails_account_idx').on(t.accountId),
    index('record_mails_user_idx').on(t.userId),
    // Each message once per record, whichever mailboxes bring it.
    uniqueIndex('record_mails_prospect_message_unique')
      .on(t.tenantId, t.prospectId, t.messageId)
      .where(sql`${t.prospectId} is not null`),
    uniqueIndex('record_mails_lead_message_unique')
      .on(t.tenantId, t.leadId, t.messageId)
      .where(sql`${t.leadId} is not null`),
    check('record_mails_about_a_record', sql`${t.prospectId} is not null or ${t.leadId} is not null`),
    check('record_mails_direction_valid', sql`${t.direction} in ('sent', 'received')`),
  ],
);

/** A tenant's mail templates: a subject and body with merge fields ({{company}}, …), filled on a record. */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('mail_templates_id_idx').on(t.id),
    index('mail_templates_created_by_idx').on(t.createdBy),
    uniqueIndex('mail_templates_name_unique').on(t.tenantId, sql`lower(${t.name})`),
  ],
);
