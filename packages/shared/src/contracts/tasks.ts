import { z } from 'zod';
import { pageInfoSchema, timestampSchema, uuidSchema } from './common';
import { TASK_TYPES } from './constants';
import { ownerFilterSchema, pageQuerySchema } from './crm-common';

export { TASK_TYPE_LABELS, TASK_TYPES, type TaskType } from './constants';

export const TASK_TITLE_MAX_LENGTH = 200;

/** A calendar day, YYYY-MM-DD, that exists. */
export const dayStringSchema = (field: string) =>
  z
    .string({ error: `${field}: must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field}: must be a date (YYYY-MM-DD)`)
    .refine((day) => {
      const [y, m, d] = day.split('-').map(Number);
      const date = new Date(Date.UTC(y, m - 1, d));
      return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    }, `${field}: must be a date (YYYY-MM-DD)`);

/** A time of day, HH:MM (24 hours). */
export const timeOfDaySchema = z.string({ error: 'due_time: must be a time (HH:MM)' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'due_time: must be a time (HH:MM)');

/** POST /crm/tasks: about one prospect or one lead; the owner defaults to the creator. */
export const taskCreateSchema = z
  .object({
    type: z.enum(TASK_TYPES, { error: `type: must be one of ${TASK_TYPES.join(', ')}` }),
    title: z
      .string({ error: 'title: must be text' })
      .trim()
      .min(1, 'title: must not be empty')
      .max(TASK_TITLE_MAX_LENGTH, `title: must be at most ${TASK_TITLE_MAX_LENGTH} characters`),
    due_date: dayStringSchema('due_date'),
    due_time: timeOfDaySchema.nullable().optional(),
    // Every task has an owner: left out, it is the writer.
    owner_id: z.uuid('owner_id: must be a valid user id').optional(),
    prospect_id: z.uuid('prospect_id: must be a valid id').optional(),
    lead_id: z.uuid('lead_id: must be a valid id').optional(),
  })
  .refine((body) => Boolean(body.prospect_id) !== Boolean(body.lead_id), {
    message: 'prospect_id: give the prospect or the lead the task is about, one of them',
    path: ['prospect_id'],
  });
export type TaskCreate = z.input<typeof taskCreateSchema>;

/** PUT /crm/tasks/{id}: any of the fields, and done or not. */
export const taskUpdateSchema = z.object({
  type: z.enum(TASK_TYPES, { error: `type: must be one of ${TASK_TYPES.join(', ')}` }).optional(),
  title: z
    .string({ error: 'title: must be text' })
    .trim()
    .min(1, 'title: must not be empty')
    .max(TASK_TITLE_MAX_LENGTH, `title: must be at most ${TASK_TITLE_MAX_LENGTH} characters`)
    .optional(),
  due_date: dayStringSchema('due_date').optional(),
  due_time: timeOfDaySchema.nullable().optional(),
  owner_id: z.uuid('owner_id: must be a valid user id').optional(),
  done: z.boolean({ error: 'done: must be true or false' }).optional(),
});
export type TaskUpdate = z.input<typeof taskUpdateSchema>;

export const taskSchema = z.object({
  id: uuidSchema,
  type: z.enum(TASK_TYPES),
  title: z.string(),
  due_date: z.string(),
  /** HH:MM, or null for a task of the whole day. */
  due_time: z.string().nullable(),
  owner_id: uuidSchema.nullable(),
  owner_name: z.string().nullable(),
  prospect_id: uuidSchema.nullable(),
  lead_id: uuidSchema.nullable(),
  /** The record's name, for lists that show tasks of many records. */
  record_name: z.string(),
  /** Set for the call task of a callback scheduled in the call queue. */
  callback_id: uuidSchema.nullable(),
  done: z.boolean(),
  done_at: timestampSchema.nullable(),
  done_by_name: z.string().nullable(),
  created_at: timestampSchema,
});
export type Task = z.infer<typeof taskSchema>;

const booleanQuery = (field: string) => z.enum(['true', 'false'], { error: `${field}: must be true or false` }).transform((value) => value === 'true');

export const taskListQuerySchema = pageQuerySchema.extend({
  owner_id: ownerFilterSchema.optional(),
  prospect_id: z.uuid('prospect_id: must be a valid id').optional(),
  lead_id: z.uuid('lead_id: must be a valid id').optional(),
  done: booleanQuery('done').optional(),
  due_from: dayStringSchema('due_from').optional(),
  due_to: dayStringSchema('due_to').optional(),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;
export type TaskListFilters = z.infer<typeof taskListQuerySchema>;

export const taskListResponseSchema = z.object({ tasks: z.array(taskSchema), pagination: pageInfoSchema });
export type TaskListResponse = z.infer<typeof taskListResponseSchema>;

/** GET /crm/my-day: the caller's open tasks, grouped around the server's "today". */
export const myDaySchema = z.object({
  today: z.string(),
  overdue: z.array(taskSchema),
  /** Today's tasks, by time (those of the whole day last). */
  due_today: z.array(taskSchema),
  /** Call tasks of callbacks, due today or missed. */
  callbacks: z.array(taskSchema),
  /** The next 7 days, by day and time. */
  upcoming: z.array(taskSchema),
});
export type MyDay = z.infer<typeof myDaySchema>;

/** The days after today that My day lists. */
export const MY_DAY_UPCOMING_DAYS = 7;

export const calendarFeedSchema = z.object({
  active: z.boolean(),
  created_at: timestampSchema.nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** A new feed's address (path under the site), shown once: only its hash is kept. */
export const calendarFeedCreatedSchema = z.object({ path: z.string(), created_at: timestampSchema });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

export const calendarFileParamsSchema = z.object({ file: z.string().max(200) });

export const TASK_NOT_FOUND_DETAIL = 'Task not found.';
