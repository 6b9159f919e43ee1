import { z } from 'zod';

/** Calls today of more callers than the viewer: their team's (team visibility) or everyone's (all). */
export const visibleCallsSchema = z.object({
  scope: z.enum(['team', 'all']),
  /** Calls made today by the callers the viewer may see. */
  made: z.number().int(),
  /** Sum of the daily targets of those callers' goals active today. */
  goal: z.number().int(),
});
export type VisibleCalls = z.infer<typeof visibleCallsSchema>;

export const dashboardStatsSchema = z.object({
  total_prospects: z.number().int(),
  /** The viewer's own calls made today (by caller, on any goal). */
  today_calls_made: z.number().int(),
  /** Sum of the daily targets of the viewer's own goals active today. */
  today_calls_goal: z.number().int(),
  /** The calls of the callers the viewer sees; null when that is the viewer alone (own visibility). */
  visible_calls: visibleCallsSchema.nullable(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
