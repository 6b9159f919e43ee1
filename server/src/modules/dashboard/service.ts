import type { DashboardStats } from '@app/shared/contracts';
import { localDate } from '../../lib/today';
import type { ScopedDb } from '../../tenancy/database';
import { seesOnlyOwn, userScopeOf } from '../../tenancy/scope';
import { callsRepository } from '../calls';
import { goalsRepository } from '../goals';
import { prospectCountersRepository } from '../prospects';

/** clock: the app's clock (tests move it), whose server day is "today". Each call on the caller's database (request.db). */
export function dashboardService({ clock = () => new Date() }: { clock?: () => Date } = {}) {
  return {
    /**
     * tenantId has been checked by the route. "Today" is the server's local date. The caller's own
     * calls (by caller) beside their own goals' targets; and, when they see more callers than
     * themselves, those callers' calls beside their goals' targets.
     */
    async stats(db: ScopedDb, tenantId: string): Promise<DashboardStats> {
      const scope = userScopeOf(db.scope);
      const today = localDate(clock());
      const calls = callsRepository(db);
      const goals = goalsRepository(db);
      const seenCalls = callsRepository(db.reads);
      const seenGoals = goalsRepository(db.reads);
      const seen = scope.owners;
      const onlyMine = seesOnlyOwn(scope);
      const [total, made, goal, visibleMade, visibleGoal] = await Promise.all([
        prospectCountersRepository(db.reads).visible(tenantId),
        calls.countOnDay(tenantId, today, [scope.userId]),
        goals.targetOnDay(tenantId, today, 'own'),
        onlyMine ? 0 : seenCalls.countOnDay(tenantId, today, seen),
        onlyMine ? 0 : seenGoals.targetOnDay(tenantId, today, 'seen'),
      ]);
      return {
        total_prospects: total,
        today_calls_made: made,
        today_calls_goal: goal,
        visible_calls: onlyMine ? null : { scope: seen === 'all' ? 'all' : 'team', made: visibleMade, goal: visibleGoal },
      };
    },
  };
}
