import { integer, pgTable, uuid } from 'drizzle-orm/pg-core';
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
