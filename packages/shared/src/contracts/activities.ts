import { z } from 'zod';

/**
 * What happened to a prospect or lead: a status change (maybe with a call), a pipeline stage change,
 * a quotation made for it, where it came from (a customer message it was created from), or a
 * customer message added to it later.
 */
export const ACTIVITY_KINDS = ['status', 'stage', 'call', 'quotation', 'origin', 'message'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const crmActivitySchema = z.object({
  id: z.uuid(),
  kind: z.enum(ACTIVITY_KINDS),
  summary: z.string(),
  notes: z.string().nullable(),
  /** Who did it: full name, else email; null once the user is deleted. */
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type CrmActivity = z.infer<typeof crmActivitySchema>;

/** The newest entries of a prospect's history that its details show. */
export const ACTIVITY_HISTORY_LIMIT = 50;

export const activityListResponseSchema = z.object({
  activities: z.array(crmActivitySchema),
});
export type ActivityListResponse = z.infer<typeof activityListResponseSchema>;
