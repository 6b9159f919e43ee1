import type { ActivityKind } from '@app/shared/contracts';
import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { leads, prospects } from './crm-companies';
import { tenantId, users } from './tenancy';

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
    check('goals_end_not_before_start', sql`${t.endDate} >= ${t.startDate}`),
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

export type { ActivityKind } from '@app/shared/contracts';

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
    foreignKey({ name: 'crm_activities_prospect_fk', columns: [t.tenantId, t.prospectId], foreignColumns: [prospects.tenantId, prospects.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'crm_activities_lead_fk', columns: [t.tenantId, t.leadId], foreignColumns: [leads.tenantId, leads.id] }).onDelete('cascade'),
    index('crm_activities_prospect_idx').on(t.tenantId, t.prospectId),
    index('crm_activities_lead_idx').on(t.tenantId, t.leadId),
    index('crm_activities_user_id_idx').on(t.userId),
  ],
);
