import { DEFAULT_STAGE_COLOR } from '@app/shared/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tenantId } from './tenancy';

/*
 * CRM. Every table below is tenant-owned: composite primary key (tenant_id, id), foreign keys
 * between them carry tenant_id, and a plain index on id serves by-id calls (which load the
 * row's tenant first and check access before anything else).
 */

/** What a status option and a pipeline stage both are: a named, ordered, switchable choice of a tenant. */
const optionColumns = () => ({
  tenantId: tenantId(),
  id: uuid('id').notNull().defaultRandom(),
  name: text('name').notNull(),
  description: text('description'),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

/** Keyed by tenant and id, found by id alone, and named once per tenant whatever the case. */
const optionKeys = (table: string) => (t: { tenantId: AnyPgColumn; id: AnyPgColumn; name: AnyPgColumn }) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  index(`${table}_id_idx`).on(t.id),
  uniqueIndex(`${table}_tenant_name_unique`).on(t.tenantId, sql`lower(${t.name})`),
];

/** Tenant-defined prospect statuses; the flags decide what choosing one does to the prospect, and which one a callback records. */
export const statusOptions = pgTable(
  'status_options',
  {
    ...optionColumns(),
    convertsToLead: boolean('converts_to_lead').notNull().default(false),
    removesFromProspects: boolean('removes_from_prospects').notNull().default(false),
    // At most one per tenant (a trigger takes the flag off the others, 0034_calls.sql); it keeps the prospect listed.
    isCallback: boolean('is_callback').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    ...optionKeys('status_options')(t),
    uniqueIndex('status_options_one_callback')
      .on(t.tenantId)
      .where(sql`${t.isCallback}`),
    check('status_options_callback_keeps_prospect', sql`not ${t.isCallback} or (not ${t.convertsToLead} and not ${t.removesFromProspects})`),
  ],
);

export const pipelineStages = pgTable(
  'pipeline_stages',
  {
    ...optionColumns(),
    color: text('color').notNull().default(DEFAULT_STAGE_COLOR),
    // open, won or lost: entering a won or lost stage closes a lead (0025_lead_value.sql).
    kind: text('kind', { enum: ['open', 'won', 'lost'] })
      .notNull()
      .default('open'),
    // The chance (0-100) a lead in this stage closes, unless the lead gives its own.
    probability: integer('probability').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    ...optionKeys('pipeline_stages')(t),
    check('pipeline_stages_kind_valid', sql`${t.kind} in ('open', 'won', 'lost')`),
    check('pipeline_stages_probability_range', sql`${t.probability} between 0 and 100`),
  ],
);
