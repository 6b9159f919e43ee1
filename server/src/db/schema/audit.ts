import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tenants, users } from './tenancy';

/**
 * Who did what to which record, and from where. Append-only; details never hold a secret.
 * The target is text, not a foreign key: the trail outlives the record it speaks of.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    clientIp: text('client_ip'),
    details: jsonb('details')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  // "When did this happen to that record last" is the question screens ask.
  (t) => [index('audit_events_target_idx').on(t.targetType, t.targetId, t.action, t.createdAt)],
);
