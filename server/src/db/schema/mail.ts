import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tenants } from './tenancy';

export const MAIL_KINDS = ['password_reset', 'quotation', 'quotation_reminder', 'quotation_expired', 'notification', 'record_mail'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'not_configured'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Every outbound mail, written in the transaction of the action that causes it and delivered by a
 * worker (src/mail/). tenant_id is empty for mail to a person rather than about a tenant's record
 * (a password reset); such rows are seen only in the system context. The queue is the platform's, not
 * distributed by tenant (db/distribution.ts): no tenant table's foreign key points at it, nor it at
 * one; a quotation's deletion deletes its mails (quotations/repository.ts).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MailKind>().notNull(),
    quotationId: uuid('quotation_id'),
    toAddress: text('to_address').notNull(),
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    status: text('status').$type<MailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(13),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('mail_outbox_kind_valid', sql`${t.kind} IN (${sql.raw(MAIL_KINDS.map((kind) => `'${kind}'`).join(', '))})`),
    check('mail_outbox_status_valid', sql`${t.status} IN ('queued', 'sent', 'failed', 'not_configured')`),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index('mail_outbox_quotation_idx').on(t.tenantId, t.quotationId, t.createdAt),
    // A quotation is known by its tenant and id (its primary key), so the once-only key names both.
    uniqueIndex('mail_outbox_once_per_quotation')
      .on(t.tenantId, t.quotationId, t.kind)
      .where(sql`${t.kind} IN ('quotation_reminder', 'quotation_expired')`),
  ],
);
