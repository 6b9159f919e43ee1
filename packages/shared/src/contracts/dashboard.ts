import { z } from 'zod';

export const dashboardStatsSchema = z.object({
  total_prospects: z.number().int(),
  /** The tenant's calls made today. */
  today_calls_made: z.number().int(),
  /** Sum of the daily targets of the tenant's goals active today. */
  today_calls_goal: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
