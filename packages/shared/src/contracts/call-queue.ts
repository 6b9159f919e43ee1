import { z } from 'zod';
import { crmActivitySchema } from './activities';
import { listQuerySchema, tenantIdSchema } from './crm-common';
import { changeStatusResponseSchema } from './leads';
import { prospectSchema } from './prospects';

/** How long a claim keeps a prospect to its caller unless renewed. */
export const CLAIM_LEASE_SECONDS = 300;
/** The recent history a queue card shows. */
export const CALL_CARD_ACTIVITIES = 5;
/** Prospects a caller may set aside in one queue session (skipped, or already held). */
export const MAX_QUEUE_EXCLUDED = 500;

/** The prospects list's own filters, so a queue works over what the list shows. */
export const callQueueFilterSchema = listQuerySchema.pick({ q: true, status_id: true, pipeline_stage_id: true, owner_id: true }).extend({
  /** Prospects this caller has skipped or already holds in this session. */
  exclude_ids: z.array(z.uuid('exclude_ids: must be valid ids')).max(MAX_QUEUE_EXCLUDED, `exclude_ids: at most ${MAX_QUEUE_EXCLUDED}`).optional(),
});
export type CallQueueFilter = z.input<typeof callQueueFilterSchema>;

/** The goal the queue's calls count on, when the caller picks one: a call needs no goal (sales-figures.md). */
const queueGoalIdSchema = z.uuid('goal_id: must be a valid id').optional().nullable();

export const callQueueNextRequestSchema = z.object({
  tenant_id: tenantIdSchema,
  filter: callQueueFilterSchema.default({}),
  goal_id: queueGoalIdSchema,
});
export type CallQueueNextRequest = z.input<typeof callQueueNextRequestSchema>;

export const callbackSchema = z.object({
  id: z.uuid(),
  tenant_id: z.uuid(),
  prospect_id: z.uuid(),
  prospect_name: z.string(),
  phone1: z.string(),
  /** Phone1 as E.164, for showing and dialling it; null when its text is not a phone number. */
  phone1_e164: z.string().nullable(),
  owner: z.uuid(),
  due_at: z.string(),
  done_at: z.string().nullable(),
});
export type Callback = z.infer<typeof callbackSchema>;

/** One prospect handed to a caller, with what the call needs on one screen. */
export const callCardSchema = z.object({
  prospect: prospectSchema,
  activities: z.array(crmActivitySchema),
  claim_expires_at: z.string(),
  /** The due callback that brought the prospect to the front, if any. */
  callback: callbackSchema.nullable(),
  /** The goal the calls count on, with its calls today by anyone; null when the caller picked none. */
  goal: z.object({ id: z.uuid(), name: z.string(), target_count: z.number().int(), calls_today: z.number().int() }).nullable(),
});
export type CallCard = z.infer<typeof callCardSchema>;

export const CALLBACK_IN_PAST = 'callback_at: must be in the future';
export const OUTCOME_NEEDS_STATUS_OR_CALLBACK = 'Please select a status or a callback time.';
/** A callback records the tenant's callback status; a tenant without an active one cannot record callbacks. */
export const NO_CALLBACK_STATUS =
  'status_id: This tenant has no active callback status. Tick "Callback status" on a status under Manage Status, then schedule the callback again.';

/** A callback (callback_at) without status_id records the tenant's callback status (the status flagged is_callback). */
export const callOutcomeRequestSchema = z
  .object({
    status_id: z.uuid('Please select a status to update the prospect.').optional(),
    goal_id: queueGoalIdSchema,
    note: z.string().trim().max(2000, 'note: must be at most 2000 characters').optional().nullable(),
    callback_at: z.iso.datetime({ offset: true, error: 'callback_at: must be a date and time' }).optional().nullable(),
  })
  .refine((body) => Boolean(body.status_id || body.callback_at), { message: OUTCOME_NEEDS_STATUS_OR_CALLBACK, path: ['status_id'] });
export type CallOutcomeRequest = z.input<typeof callOutcomeRequestSchema>;

export const callOutcomeResponseSchema = changeStatusResponseSchema.extend({ callback: callbackSchema.nullable() });
export type CallOutcomeResponse = z.infer<typeof callOutcomeResponseSchema>;

export const prospectIdParamsSchema = z.object({ prospect_id: z.uuid('prospect_id: must be a valid id') });

export const callQueueRenewResponseSchema = z.object({ renewed: z.number().int(), expires_at: z.string() });
export const callQueueReleaseResponseSchema = z.object({ message: z.string() });

export const callbackListQuerySchema = z.object({
  tenant_id: tenantIdSchema,
  /** today: open callbacks due before the day ends, missed ones included. */
  due: z.enum(['today'], { error: "due: must be 'today'" }).optional(),
});
export type CallbackListQuery = z.input<typeof callbackListQuerySchema>;
export const callbackListResponseSchema = z.object({ callbacks: z.array(callbackSchema) });
export type CallbackListResponse = z.infer<typeof callbackListResponseSchema>;
