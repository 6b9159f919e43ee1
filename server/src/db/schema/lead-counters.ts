import { integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy';

/**
 * The number of leads per tenant, kept by a trigger on leads (its migration) so every way a lead
 * comes and goes (added, converted from a prospect, deleted, gone with its prospect) keeps it, and
 * the list never counts a tenant's leads. A tenant with no row has no leads.
 */
export const leadCounters = pgTable('lead_counters', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
});

/** Unassigned prospects' owner_key in prospectOwnerCounters. */
export const UNASSIGNED_OWNER_KEY = '00000000-0000-0000-0000-000000000000';

/**
 * The active prospects per tenant and owner, kept by triggers on prospects (their migration), so
 * the list of a user who sees only some owners' prospects adds up a few rows for its total.
 */
export const prospectOwnerCounters = pgTable(
  'prospect_owner_counters',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The owner, or UNASSIGNED_OWNER_KEY. */
    ownerKey: uuid('owner_key').notNull(),
    active: integer('active').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.ownerKey] })],
);
