import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The tenant is the unit of isolation. Tenant-owned tables (the CRM's) carry `tenantId()` and
 * a composite primary key `(tenant_id, id)`; their foreign keys include tenant_id as well, so a
 * row can only point at rows of the same tenant and the tables can later be distributed by it.
 */
export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    domain: text('domain').notNull().unique('tenants_domain_unique'),
    description: text('description'),
    // ISO 3166 alpha-2: the country of the tenant's phone numbers written without +.
    defaultCountry: text('default_country').notNull().default('US'),
    // ISO 4217: the currency of the tenant's amounts (lead values).
    currency: text('currency').notNull().default('USD'),
    // Days before a sent quotation's validity ends when its client is reminded; 0: never.
    quotationReminderDays: integer('quotation_reminder_days').notNull().default(3),
    // Who may change statuses, stages and goals: 'everyone' in the tenant, or 'admins' only.
    setupChanges: text('setup_changes', { enum: ['everyone', 'admins'] })
      .notNull()
      .default('everyone'),
    // The one tenant whose members answer the customer messages (the website's contact form).
    receivesWebsiteEnquiries: boolean('receives_website_enquiries').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('tenants_default_country_valid', sql`${t.defaultCountry} ~ '^[A-Z]{2}$'`),
    check('tenants_currency_valid', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('tenants_quotation_reminder_days_valid', sql`${t.quotationReminderDays} BETWEEN 0 AND 365`),
    check('tenants_setup_changes_valid', sql`${t.setupChanges} IN ('everyone', 'admins')`),
    // At most one tenant receives the website's enquiries.
    uniqueIndex('tenants_one_website_inbox')
      .on(sql`(true)`)
      .where(sql`${t.receivesWebsiteEnquiries}`),
  ],
);

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
    // Which of the tenant's prospects, leads and quotations a non-admin sees: own (theirs and
    // unassigned ones), team (their team's and unassigned ones) or all. Admins see all.
    visibility: text('visibility').$type<'own' | 'team' | 'all'>().notNull().default('all'),
    createdAt: createdAt(),
  },
  (t) => [
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_visibility_valid', sql`${t.visibility} in ('own', 'team', 'all')`),
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

/** One row per sign-in: its access tokens carry the id, the row makes them revocable and bounds the sign-in's whole life. */
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

/**
 * The refresh tokens a session was given, one per sign-in or refresh: only their keyed hashes. A token is
 * spent by its refresh (used_at); presented again, it ends its session (the cookie was copied).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('refresh_tokens_token_hash_unique'),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('refresh_tokens_session_id_idx').on(t.sessionId)],
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
