import type { ActivityKind } from '@app/shared/contracts';
import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { leads, prospects } from './crm-companies';
import { tenantId, users } from './tenancy';

/** Daily call goals; the calls made on them are rows of calls. */
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

/**
 * Every call made: who made it (the signed-in user who recorded it), on which prospect and goal,
 * when, and the server's day it counts on ("today" is the server's local date, see ENV.md). Goal
 * progress, the dashboard and the Calls report count these rows. A call outlives its prospect (no
 * foreign key: prospect_id stays as a reference, as the audit log's target ids do) and its caller
 * (set null); deleting a goal deletes its calls. A call counts on a goal only when its caller chose
 * one (goal_id null: a call on no goal, still its caller's call in the Calls report and the dashboard).
 */
export const calls = pgTable(
  'calls',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    callerId: uuid('caller_id').references(() => users.id, { onDelete: 'set null' }),
    prospectId: uuid('prospect_id'),
    goalId: uuid('goal_id'),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull().defaultNow(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'calls_goal_fk', columns: [t.tenantId, t.goalId], foreignColumns: [goals.tenantId, goals.id] }).onDelete('cascade'),
    // A goal's calls per day (its progress, the queue card's calls today).
    index('calls_goal_day_idx').on(t.tenantId, t.goalId, t.day),
    // A range of days per caller (the Calls report, the dashboard).
    index('calls_day_caller_idx').on(t.tenantId, t.day, t.callerId),
    index('calls_caller_id_idx').on(t.callerId),
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
