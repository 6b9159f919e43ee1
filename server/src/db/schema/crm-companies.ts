import { COMPANY_FIELDS, REQUIRED_COMPANY_FIELDS, type CompanyField, type RequiredCompanyField } from '@app/shared/contracts';
import { sql, type NotNull } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type PgTextBuilderInitial,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { pipelineStages, statusOptions } from './crm-options';
import { prospectImports } from './imports';
import { tenantId, tenants, users } from './tenancy';

type TextColumn<Name extends string> = PgTextBuilderInitial<Name, [string, ...string[]]>;
type CompanyTextColumns = {
  [Field in CompanyField]: Field extends RequiredCompanyField ? NotNull<TextColumn<Field>> : TextColumn<Field>;
};

/**
 * The company fields prospects and leads share (a lead starts as a copy of its prospect): each is
 * a text column named and keyed like the field of the API, so rows and answers need no mapping.
 * A company's name and first phone are required.
 */
function companyTextColumns(): CompanyTextColumns {
  const required = new Set<string>(REQUIRED_COMPANY_FIELDS);
  return Object.fromEntries(COMPANY_FIELDS.map((field) => [field, required.has(field) ? text(field).notNull() : text(field)])) as CompanyTextColumns;
}

const companyColumns = () => ({
  ...companyTextColumns(),
  // Each phone as E.164 ('+15551011102') beside its text as typed; null where the text is not a number.
  phone1E164: text('phone1_e164'),
  phone2E164: text('phone2_e164'),
  phone3E164: text('phone3_e164'),
  // Each phone as screens show it (international format, with its extension), written with the
  // E.164, so lists need no phone metadata in the browser; null where the text is not a number.
  phone1Shown: text('phone1_shown'),
  phone2Shown: text('phone2_shown'),
  phone3Shown: text('phone3_shown'),
  statusId: uuid('status_id'),
  pipelineStageId: uuid('pipeline_stage_id'),
  lastContacted: timestamp('last_contacted', { withTimezone: true, mode: 'date' }),
  // Who owns the record: a user of its tenant, or null (unassigned).
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * What `q` searches: name, email, phone1 as typed and as E.164, lower-cased, kept in a stored column. A plain column
 * matters beside the tenant wall: PostgreSQL lets a trigram index serve a LIKE under row-level
 * security only when every function in the condition is leakproof, so the condition is
 * `search_text LIKE pattern` alone (see orbitra_search_leakproof in the migrations).
 */
const searchTextColumn = () =>
  text('search_text').generatedAlwaysAs(sql`lower(name || ' ' || coalesce(email, '') || ' ' || phone1 || ' ' || coalesce(phone1_e164, ''))`);

/** A record with a phone whose text is not a number (no E.164): the Invalid phone filter. */
export const hasInvalidPhone = sql.raw(
  `("prospects"."phone1_e164" is null or ("prospects"."phone2" is not null and "prospects"."phone2_e164" is null) or ("prospects"."phone3" is not null and "prospects"."phone3_e164" is null))`,
);

export const PROSPECT_STATES = ['active', 'converted', 'removed'] as const;
export type ProspectState = (typeof PROSPECT_STATES)[number];

/**
 * Prospects stay in the table when converted to a lead or removed by a status (Do Not Call):
 * their phone keeps catching duplicates. Only state = 'active' rows are listed and counted.
 */
export const prospects = pgTable(
  'prospects',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    ...companyColumns(),
    // The E.164 digits of phone1 ('(555) 101-1102' in the US -> '15551011102'; '' when it does not
    // parse): the duplicate check of creates, edits and uploads. Written by the database.
    phoneDigits: text('phone_digits')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(substr(phone1_e164, 2), '')`),
    state: text('state').$type<ProspectState>().notNull().default('active'),
    // The upload that created the prospect, so the upload can be reverted.
    importId: uuid('import_id'),
    searchText: searchTextColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('prospects_id_idx').on(t.id),
    check('prospects_state_valid', sql`${t.state} in ('active', 'converted', 'removed')`),
    foreignKey({ name: 'prospects_status_fk', columns: [t.tenantId, t.statusId], foreignColumns: [statusOptions.tenantId, statusOptions.id] }),
    foreignKey({
      name: 'prospects_stage_fk',
      columns: [t.tenantId, t.pipelineStageId],
      foreignColumns: [pipelineStages.tenantId, pipelineStages.id],
    }),
    foreignKey({ name: 'prospects_import_fk', columns: [t.tenantId, t.importId], foreignColumns: [prospectImports.tenantId, prospectImports.id] }),
    index('prospects_import_idx')
      .on(t.tenantId, t.importId)
      .where(sql`${t.importId} is not null`),
    uniqueIndex('prospects_tenant_phone_unique')
      .on(t.tenantId, t.phoneDigits)
      .where(sql`${t.phoneDigits} <> ''`),
    // The list: newest first, keyset-friendly, only active rows.
    index('prospects_active_page_idx')
      .on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'active'`),
    index('prospects_active_status_idx')
      .on(t.tenantId, t.statusId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'active'`),
    index('prospects_active_stage_idx')
      .on(t.tenantId, t.pipelineStageId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'active'`),
    // The call queue's order: never called first, then the longest since the last call; also
    // within one status or stage, so a queue over a small one does not walk the whole tenant.
    index('prospects_active_queue_idx')
      .on(t.tenantId, t.lastContacted.asc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'active'`),
    index('prospects_active_status_queue_idx')
      .on(t.tenantId, t.statusId, t.lastContacted.asc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'active'`),
    index('prospects_active_stage_queue_idx')
      .on(t.tenantId, t.pipelineStageId, t.lastContacted.asc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'active'`),
    // The owner filter, in the list's order.
    index('prospects_active_owner_idx')
      .on(t.tenantId, t.ownerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'active'`),
    // The unassigned ones in the list's order: `owner_id is null` is no equality, so the owner
    // index above is not read as ordered for it (a narrowed user's list reads them per owner).
    index('prospects_active_unassigned_idx')
      .on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'active' and ${t.ownerId} is null`),
    index('prospects_owner_idx').on(t.ownerId),
    // The funnel report's range (0029_report_indexes.sql: INCLUDE owner_id).
    index('prospects_created_report_idx').on(t.tenantId, t.createdAt),
    // The Invalid phone filter: active prospects with a phone that does not parse.
    index('prospects_invalid_phone_idx')
      .on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'active' and ${hasInvalidPhone}`),
    // Also serve the foreign keys when a status or stage is deleted.
    index('prospects_status_idx').on(t.tenantId, t.statusId),
    index('prospects_stage_idx').on(t.tenantId, t.pipelineStageId),
    // q: trigram GIN over the search text, with tenant_id in the same index through btree_gin.
    index('prospects_search_trgm_idx')
      .using('gin', t.tenantId, sql`${t.searchText} gin_trgm_ops`)
      .where(sql`${t.state} = 'active'`),
  ],
);

/** The unfiltered active prospects total per tenant, kept by triggers on prospects (0042_prospect_counters_by_trigger.sql). */
export const prospectCounters = pgTable('prospect_counters', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  active: integer('active').notNull().default(0),
});

export const leads = pgTable(
  'leads',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    // Null for leads added directly; deleting the prospect deletes its lead.
    prospectId: uuid('prospect_id'),
    ...companyColumns(),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    // In the tenant's currency; numeric keeps every cent (the API passes it as a decimal string).
    value: numeric('value', { precision: 15, scale: 2 }),
    expectedCloseDate: date('expected_close_date', { mode: 'string' }),
    // Null: the probability of the lead's stage.
    probability: integer('probability'),
    // Set and cleared by the leads_outcome trigger as the lead enters and leaves won and lost stages.
    wonAt: timestamp('won_at', { withTimezone: true, mode: 'date' }),
    lostAt: timestamp('lost_at', { withTimezone: true, mode: 'date' }),
    lostReason: text('lost_reason'),
    // The E.164 digits of phone1, as prospects have them: one company per phone (the trigger of
    // migration 0056 refuses a Phone1 another prospect or lead of the tenant holds).
    phoneDigits: text('phone_digits')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(substr(phone1_e164, 2), '')`),
    searchText: searchTextColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('leads_id_idx').on(t.id),
    check('leads_value_range', sql`${t.value} >= 0 and ${t.value} <= 1000000000000`),
    check('leads_probability_range', sql`${t.probability} between 0 and 100`),
    check('leads_lost_reason_length', sql`char_length(${t.lostReason}) <= 500`),
    index('leads_value_idx').on(t.tenantId, t.value.desc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('leads_close_date_idx').on(t.tenantId, t.expectedCloseDate.asc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    foreignKey({ name: 'leads_prospect_fk', columns: [t.tenantId, t.prospectId], foreignColumns: [prospects.tenantId, prospects.id] }).onDelete('cascade'),
    foreignKey({ name: 'leads_status_fk', columns: [t.tenantId, t.statusId], foreignColumns: [statusOptions.tenantId, statusOptions.id] }),
    foreignKey({ name: 'leads_stage_fk', columns: [t.tenantId, t.pipelineStageId], foreignColumns: [pipelineStages.tenantId, pipelineStages.id] }),
    uniqueIndex('leads_prospect_unique')
      .on(t.tenantId, t.prospectId)
      .where(sql`${t.prospectId} is not null`),
    // Who holds a number (the phone rule's lookups); not unique: leads from before the rule may share one.
    index('leads_tenant_phone_idx')
      .on(t.tenantId, t.phoneDigits)
      .where(sql`${t.phoneDigits} <> ''`),
    // The reports' ranges (0029_report_indexes.sql adds INCLUDE columns, so each report reads its index alone).
    index('leads_created_report_idx').on(t.tenantId, t.createdAt),
    index('leads_won_report_idx')
      .on(t.tenantId, t.wonAt)
      .where(sql`${t.wonAt} is not null`),
    index('leads_lost_report_idx')
      .on(t.tenantId, t.lostAt)
      .where(sql`${t.lostAt} is not null`),
    index('leads_page_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('leads_status_idx').on(t.tenantId, t.statusId),
    index('leads_owner_idx').on(t.tenantId, t.ownerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('leads_stage_idx').on(t.tenantId, t.pipelineStageId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('leads_assigned_to_idx').on(t.assignedTo),
    index('leads_search_trgm_idx').using('gin', t.tenantId, sql`${t.searchText} gin_trgm_ops`),
  ],
);
