import { z } from 'zod';
import { tenantIdSchema } from './crm-common';
import { isSafeText, unsafeTextDetail } from './unsafe-text';

export const dailyCallsSchema = z.object({ date: z.string(), calls_made: z.number().int() });
export type DailyCalls = z.infer<typeof dailyCallsSchema>;

export const goalSchema = z.object({
  id: z.uuid(),
  tenant_id: z.uuid(),
  user_id: z.uuid().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  /** Calls per day. */
  target_count: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  created_at: z.string(),
  /** The calls made on the goal per day, by whoever made them, on its active days (start to end date, both included). */
  daily_calls: z.array(dailyCallsSchema),
});
export type Goal = z.infer<typeof goalSchema>;
export const goalListSchema = z.array(goalSchema);

/** active=true: only the goals active today (the server's day), the ones a call may count on: what the goal pickers offer. */
export const goalListQuerySchema = z.object({
  tenant_id: tenantIdSchema,
  active: z
    .enum(['true', 'false'], { error: 'active: must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
export type GoalListQuery = z.input<typeof goalListQuerySchema>;

/** A call counts only on a goal active on the day it is made. */
export const goalInactiveDetail = (goal: { name: string; start_date: string; end_date: string }) =>
  `goal_id: The goal "${goal.name}" is not active today (it runs from ${goal.start_date} to ${goal.end_date}). Please choose an active goal.`;

/**
 * A call counts on a goal its caller sees as they see records: their own, a goal of nobody, or one of
 * the users whose records they see (a team's for a Team-records user, every one for All records).
 */
export const GOAL_NOT_SEEN_DETAIL =
  "goal_id: This goal is another user's, and your calls count only on your own goals, goals of nobody and those of the users whose records you see.";

/**
 * The goal a call is preset to count on: the caller's own (the first offered), else a goal of
 * nobody; never a colleague's, which would count the caller's calls on someone else's target.
 * None when neither is offered: the call then counts on no goal.
 */
export function presetCallGoal<G extends { user_id: string | null }>(offered: readonly G[], userId: string | undefined): G | null {
  return offered.find((goal) => userId !== undefined && goal.user_id === userId) ?? offered.find((goal) => goal.user_id === null) ?? null;
}

/**
 * Who writes a goal (creates it for someone, changes, reassigns or deletes it): its user or an admin.
 * A goal's figures are its user's (their target in the Calls report and on the dashboard), so a goal
 * of nobody is written by admins only. The tenant's setup setting may narrow it to admins (tenants.ts).
 */
export const mayWriteGoal = (user: { id: string; isAdmin: boolean }, goalUserId: string | null) => user.isAdmin || goalUserId === user.id;

export const GOAL_NOT_YOURS_DETAIL = "Only the goal's user or an admin may change or delete this goal.";
export const GOAL_FOR_SOMEONE_ELSE_DETAIL = 'user_id: Only an admin may set a goal for someone else.';
/** Deleting a goal would delete the calls counted on it, and every figure that counts them. */
export const goalHasCallsDetail = (goal: { name: string }) =>
  `The goal "${goal.name}" has calls counted on it, and deleting it would take them off the dashboard and reports. End it instead: set its end date.`;

export const GOAL_NAME_REQUIRED = 'Goal name is required. Please enter a name for the goal.';
export const GOAL_TARGET_POSITIVE = 'Target count must be greater than 0.';
export const GOAL_END_BEFORE_START = 'End date cannot be before start date.';
/** Days a new goal runs when its dates are left as offered: a week, its first day included. */
export const DEFAULT_GOAL_DAYS = 7;
export const DEFAULT_GOAL_TARGET = 10;

const isoDate = (field: string) => z.iso.date(`${field}: must be a date (YYYY-MM-DD)`);

const goalFields = z.object({
  name: z
    .string({ error: GOAL_NAME_REQUIRED })
    .trim()
    .min(1, GOAL_NAME_REQUIRED)
    .max(200, 'name: must be at most 200 characters')
    .refine(isSafeText, unsafeTextDetail('name')),
  description: z
    .string()
    .trim()
    .max(1000, 'description: must be at most 1000 characters')
    .refine(isSafeText, unsafeTextDetail('description'))
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
  target_count: z
    .number({ error: GOAL_TARGET_POSITIVE })
    .int('target_count: must be a whole number')
    .min(1, GOAL_TARGET_POSITIVE)
    .max(100000, 'target_count: must be at most 100000'),
  start_date: isoDate('start_date'),
  end_date: isoDate('end_date'),
  user_id: z.uuid('user_id: must be a valid id').optional().nullable(),
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
// Only compared once both are dates: a malformed date already has its own message. A goal may last one day (end = start).
const endNotBeforeStart = (goal: { start_date: string; end_date: string }) =>
  !ISO_DATE.test(goal.start_date) || !ISO_DATE.test(goal.end_date) || goal.end_date >= goal.start_date;

const endNotBeforeStartRule = { message: GOAL_END_BEFORE_START, path: ['end_date'] };

/** The goal form: every field but the tenant, which comes from the picker. */
export const goalInputSchema = goalFields.refine(endNotBeforeStart, endNotBeforeStartRule);

export const createGoalSchema = goalFields.extend({ tenant_id: tenantIdSchema }).refine(endNotBeforeStart, endNotBeforeStartRule);
export type CreateGoal = z.input<typeof createGoalSchema>;

export const updateGoalSchema = createGoalSchema;
export type UpdateGoal = CreateGoal;
