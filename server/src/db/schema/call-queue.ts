import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { prospects } from './crm-companies';
import { tenantId, users } from './tenancy';

/**
 * A caller's lease on a prospect of the call queue: while expires_at is ahead, no other caller is
 * handed that prospect. Every prospect has its row from its creation on (a trigger of migration
 * 0022 writes it), never claimed (no caller, no expiry) until the queue hands it out; a lease run
 * out or released is free to be taken over. The claim locks this row, not the prospect.
 */
export const callQueueClaims = pgTable(
  'call_queue_claims',
  {
    tenantId: tenantId(),
    prospectId: uuid('prospect_id').notNull(),
    caller: uuid('caller').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.prospectId] }),
    foreignKey({ name: 'call_queue_claims_prospect_fk', columns: [t.tenantId, t.prospectId], foreignColumns: [prospects.tenantId, prospects.id] }).onDelete(
      'cascade',
    ),
    index('call_queue_claims_caller_idx').on(t.caller),
  ],
);

/** A call back promised to a prospect: due for its owner at due_at, until an outcome marks it done. */
export const callbacks = pgTable(
  'callbacks',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    prospectId: uuid('prospect_id').notNull(),
    owner: uuid('owner')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'callbacks_prospect_fk', columns: [t.tenantId, t.prospectId], foreignColumns: [prospects.tenantId, prospects.id] }).onDelete('cascade'),
    // The queue's first look: the caller's open callbacks by due time.
    index('callbacks_open_owner_idx')
      .on(t.tenantId, t.owner, t.dueAt)
      .where(sql`${t.doneAt} is null`),
    // The queue leaves a prospect with an open callback to that callback's owner and time.
    index('callbacks_open_prospect_idx')
      .on(t.tenantId, t.prospectId)
      .where(sql`${t.doneAt} is null`),
    index('callbacks_owner_idx').on(t.owner),
  ],
);
