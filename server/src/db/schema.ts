import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * The tenant is the unit of isolation. Tenant-owned tables (the CRM's) carry `tenantId()` and
 * a composite primary key `(tenant_id, id)`; their foreign keys include tenant_id as well, so a
 * row can only point at rows of the same tenant and the tables can later be distributed by it.
 */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  domain: text('domain').notNull().unique('tenants_domain_unique'),
  description: text('description'),
  createdAt: createdAt(),
});

/** The tenant_id column of a tenant-owned table; deleting a tenant deletes its data. */
export const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** Users are global: admins work across tenants; tenant_id is the home tenant of everyone else. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique('users_email_unique'),
    fullName: text('full_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    // Mirrors membership of the staff group; both change together in one transaction.
    isStaff: boolean('is_staff').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    index('users_tenant_id_idx').on(t.tenantId),
  ],
);

export const groups = pgTable('groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique('groups_name_unique'),
  description: text('description').notNull().default(''),
});

export const userGroups = pgTable(
  'user_groups',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_groups_group_id_idx').on(t.groupId)],
);

/** One row per issued access token: the token carries the id, the row makes it revocable. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Only the SHA-256 of a reset token is stored: a database leak does not hand out resets. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique('password_resets_token_hash_unique'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId)],
);

/**
 * Customer messages from the public contact form. Not tenant-owned: a visitor belongs to no
 * tenant; staff answer them for the whole company.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company'),
    service: text('service'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    solvedAt: timestamp('solved_at', { withTimezone: true, mode: 'date' }),
    solvedBy: uuid('solved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  // The inbox lists unsolved messages, newest first.
  (t) => [index('support_messages_unsolved_idx').on(t.createdAt).where(sql`${t.solvedAt} is null`)],
);

/* ------------------------------------------------------------------------------------------
 * CRM. Every table below is tenant-owned: composite primary key (tenant_id, id), foreign keys
 * between them carry tenant_id, and a plain index on id serves by-id calls (which load the
 * row's tenant first and check access before anything else).
 * ---------------------------------------------------------------------------------------- */

const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

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

/** The company fields prospects and leads share (a lead starts as a copy of its prospect). */
const companyColumns = () => ({
  name: text('name').notNull(),
  phone1: text('phone1').notNull(),
  phone2: text('phone2'),
  phone3: text('phone3'),
  email: text('email'),
  industry: text('industry'),
  city: text('city'),
  website: text('website'),
  anchorHrefLink: text('anchor_href_link'),
  manager: text('manager'),
  employees: text('employees'),
  foundingDate: text('founding_date'),
  address: text('address'),
  description: text('description'),
  statusId: uuid('status_id'),
  pipelineStageId: uuid('pipeline_stage_id'),
  lastContacted: timestamp('last_contacted', { withTimezone: true, mode: 'date' }),
});

/**
 * What `q` searches (spec: name, email and phone1, case-insensitive substring). Queries must use
 * this exact expression for the trigram indexes to apply.
 */
export const searchText = (t: { name: unknown; email: unknown; phone1: unknown }) =>
  sql`lower(${t.name} || ' ' || coalesce(${t.email}, '') || ' ' || ${t.phone1})`;

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
    // Digits of phone1 ('+1 (555) 010' -> '1555010'): the duplicate check of uploads and creates.
    phoneDigits: text('phone_digits').notNull().default(''),
    state: text('state').$type<ProspectState>().notNull().default('active'),
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
    uniqueIndex('prospects_tenant_phone_unique').on(t.tenantId, t.phoneDigits).where(sql`${t.phoneDigits} <> ''`),
    // The list: newest first, keyset-friendly, only active rows.
    index('prospects_active_page_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.state} = 'active'`),
    index('prospects_active_status_idx').on(t.tenantId, t.statusId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.state} = 'active'`),
    index('prospects_active_stage_idx').on(t.tenantId, t.pipelineStageId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.state} = 'active'`),
    // Also serve the foreign keys when a status or stage is deleted.
    index('prospects_status_idx').on(t.tenantId, t.statusId),
    index('prospects_stage_idx').on(t.tenantId, t.pipelineStageId),
    // q: trigram GIN over the search text, with tenant_id in the same index through btree_gin.
    index('prospects_search_trgm_idx').using('gin', t.tenantId, sql`${searchText(t)} gin_trgm_ops`).where(sql`${t.state} = 'active'`),
  ],
);

/** The unfiltered active prospects total per tenant, kept in the transactions that change it. */
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('leads_id_idx').on(t.id),
    foreignKey({ name: 'leads_prospect_fk', columns: [t.tenantId, t.prospectId], foreignColumns: [prospects.tenantId, prospects.id] }).onDelete('cascade'),
    foreignKey({ name: 'leads_status_fk', columns: [t.tenantId, t.statusId], foreignColumns: [statusOptions.tenantId, statusOptions.id] }),
    foreignKey({ name: 'leads_stage_fk', columns: [t.tenantId, t.pipelineStageId], foreignColumns: [pipelineStages.tenantId, pipelineStages.id] }),
    uniqueIndex('leads_prospect_unique').on(t.tenantId, t.prospectId).where(sql`${t.prospectId} is not null`),
    index('leads_page_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('leads_status_idx').on(t.tenantId, t.statusId),
    index('leads_stage_idx').on(t.tenantId, t.pipelineStageId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('leads_assigned_to_idx').on(t.assignedTo),
    index('leads_search_trgm_idx').using('gin', t.tenantId, sql`${searchText(t)} gin_trgm_ops`),
  ],
);

/** Daily call goals; calls are counted per goal and day in goal_daily_calls. */
export const goals = pgTable(
  'goals',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description'),
    targetCount: integer('target_count').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('goals_id_idx').on(t.id),
    index('goals_user_id_idx').on(t.userId),
    index('goals_tenant_dates_idx').on(t.tenantId, t.startDate, t.endDate),
    check('goals_target_positive', sql`${t.targetCount} > 0`),
    check('goals_end_after_start', sql`${t.endDate} > ${t.startDate}`),
  ],
);

/** "Today" is the server's local date (see ENV.md): the day a call is counted on. */
export const goalDailyCalls = pgTable(
  'goal_daily_calls',
  {
    tenantId: uuid('tenant_id').notNull(),
    goalId: uuid('goal_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    callsMade: integer('calls_made').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.goalId, t.day] }),
    foreignKey({ name: 'goal_daily_calls_goal_fk', columns: [t.tenantId, t.goalId], foreignColumns: [goals.tenantId, goals.id] }).onDelete('cascade'),
    // The dashboard sums a tenant's calls of one day.
    index('goal_daily_calls_tenant_day_idx').on(t.tenantId, t.day),
  ],
);

export const ACTIVITY_KINDS = ['status', 'stage', 'call'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** History of status and stage changes with their optional notes. */
export const crmActivities = pgTable(
  'crm_activities',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    prospectId: uuid('prospect_id'),
    leadId: uuid('lead_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<ActivityKind>().notNull(),
    summary: text('summary').notNull(),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'crm_activities_prospect_fk', columns: [t.tenantId, t.prospectId], foreignColumns: [prospects.tenantId, prospects.id] }).onDelete('cascade'),
    foreignKey({ name: 'crm_activities_lead_fk', columns: [t.tenantId, t.leadId], foreignColumns: [leads.tenantId, leads.id] }).onDelete('cascade'),
    index('crm_activities_prospect_idx').on(t.tenantId, t.prospectId),
    index('crm_activities_lead_idx').on(t.tenantId, t.leadId),
    index('crm_activities_user_id_idx').on(t.userId),
  ],
);
