import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Who did what to which record, and from where. Append-only: triggers refuse UPDATE, DELETE and TRUNCATE,
 * and the app's role may only insert and read. So no foreign keys: ON DELETE SET NULL would be an
 * update. The actor's id and email, and the tenant's id, are copies that outlive the rows they
 * name. Details never hold a secret.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    tenantId: uuid('tenant_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** The target's name when the event happened, so a deleted target stays named. */
    targetName: text('target_name'),
    clientIp: text('client_ip'),
    details: jsonb('details')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    // "When did this happen to that record last" is the question screens ask.
    index('audit_events_target_idx').on(t.targetType, t.targetId, t.action, t.createdAt),
    // The Audit Log reads newest first, page by page (keyset on created_at, id).
    index('audit_events_created_idx').on(t.createdAt, t.id),
  ],
);
