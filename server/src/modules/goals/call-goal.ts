import { GOAL_NOT_SEEN_DETAIL, goalInactiveDetail } from '@app/shared/contracts';
import { badRequest, forbidden } from '../../lib/refusal';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { seesGoal } from '../../tenancy/visibility';
import { goalsRepository, isGoalActiveOn, type GoalRow } from './repository';

export const GOAL_NOT_IN_TENANT_DETAIL = 'goal_id: Goal not found.';

/**
 * The goal a call counts on, checked: none when the caller named none (a call needs no goal); else
 * one of the tenant (400 otherwise) that the caller sees as they see records (their own, a goal of
 * nobody, or one of the users whose records they see: 403 otherwise) and that is active on the
 * call's day (400 otherwise). The status dialog and the call queue both ask here.
 */
export async function goalForCall(db: ScopedDbOrTx, tenantId: string, goalId: string | null | undefined, day: string): Promise<GoalRow | null> {
  if (!goalId) return null;
  const goal = await goalsRepository(db).findById(tenantId, goalId);
  if (!goal) throw badRequest(GOAL_NOT_IN_TENANT_DETAIL);
  if (!seesGoal(db.scope, goal.userId)) throw forbidden(GOAL_NOT_SEEN_DETAIL);
  if (!isGoalActiveOn(goal, day)) throw badRequest(goalInactiveDetail({ name: goal.name, start_date: goal.startDate, end_date: goal.endDate }));
  return goal;
}
