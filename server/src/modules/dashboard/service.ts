import type { DashboardStats } from '@app/shared/contracts';
import type { Db } from '../../db/client';
import { localDate } from '../../lib/today';
import { goalsRepository } from '../goals';
import { prospectCountersRepository } from '../prospects';

export function dashboardService(db: Db) {
  return {
    /** tenantId has been checked by the route. "Today" is the server's local date. */
    async stats(tenantId: string): Promise<DashboardStats> {
      const today = localDate();
      const [total, day] = await Promise.all([prospectCountersRepository(db).visible(tenantId), goalsRepository(db).dayTotals(tenantId, today)]);
      return { total_prospects: total, today_calls_made: day.callsMade, today_calls_goal: day.callsGoal };
    },
  };
}
