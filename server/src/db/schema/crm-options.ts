import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tenantId } from './tenancy';

/*
 * CRM. Every table below is tenant-owned: composite primary key (tenant_id, id), foreign keys
 * between them carry tenant_id, and a plain index on id serves by-id calls (which load the
 * row's tenant first and check access before anything else).
 */

/** Tenant-defined prospect statuses; the two flags decide what choosing one does to the prospect. */
export const statusOptions = pgTable(
  'status_options',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    convertsToLead: boolean('converts_to_lead').notNull().default(false),
    removesFromProspects: boolean('removes_from_prospects').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('status_options_id_idx').on(t.id),
    uniqueIndex('status_options_tenant_name_unique').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

export const pipelineStages = pgTable(
  'pipeline_stages',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    color: text('color').notNull().default('#6B7280'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('pipeline_stages_id_idx').on(t.id),
    uniqueIndex('pipeline_stages_tenant_name_unique').on(t.tenantId, sql`lower(${t.name})`),
  ],
);
