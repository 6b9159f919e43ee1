import { GOAL_FOR_SOMEONE_ELSE_DETAIL, GOAL_NOT_YOURS_DETAIL, goalHasCallsDetail, mayWriteGoal, type CreateGoal, type Goal } from '@app/shared/contracts';
import { conflict, forbidden, notFound } from '../../lib/refusal';
import type { ScopedDb, ScopedDbOrTx } from '../../tenancy/database';
import { userScopeOf } from '../../tenancy/scope';
import { type AuditActor, recordAudit } from '../audit';
import { callsRepository } from '../calls';
import { assertMayChangeSetup } from '../tenants';
import { assertTenantUser } from '../users';
import { localDate } from '../../lib/today';
import { goalsRepository, type GoalRow, type GoalValues } from './repository';

type DailyCallsRow = { day: string; calls: number };

export const GOAL_NOT_FOUND_DETAIL = 'Goal not found.';
export const GOAL_USER_NOT_FOUND_DETAIL = 'user_id: User not found.';

export function toGoalDto(row: GoalRow, calls: DailyCallsRow[]): Goal {
  return {
    id: row.id,
    tenant_id: row.tenantId,
    user_id: row.userId,
    name: row.name,
    description: row.description,
    target_count: row.targetCount,
    start_date: row.startDate,
    end_date: row.endDate,
    created_at: row.createdAt.toISOString(),
    daily_calls: calls.map((day) => ({ date: day.day, calls_made: day.calls })),
  };
}

type GoalInput = Omit<CreateGoal, 'tenant_id'> & { description: string | null };

/** previousUserId: the user the goal was taken from, when a change hands it to another. */
function auditGoal(tx: ScopedDbOrTx, actor: AuditActor, change: 'created' | 'updated' | 'deleted', row: GoalRow, previousUserId?: string | null) {
  const reassigned = previousUserId !== undefined && previousUserId !== row.userId ? { previous_user_id: previousUserId } : {};
  return recordAudit(tx, actor, {
    tenantId: row.tenantId,
    action: `goal.${change}`,
    targetType: 'goal',
    targetId: row.id,
    targetName: row.name,
    details: { name: row.name, target_count: row.targetCount, start_date: row.startDate, end_date: row.endDate, user_id: row.userId, ...reassigned },
  });
}

/** A goal's figures are its user's: only they or an admin write them, and only an admin hands a goal to someone else. */
function assertMayWriteGoal(db: ScopedDbOrTx, goalUserId: string | null, detail = GOAL_NOT_YOURS_DETAIL): void {
  const { userId, isAdmin } = userScopeOf(db.scope);
  if (!mayWriteGoal({ id: userId, isAdmin }, goalUserId)) throw forbidden(detail);
}

async function withCalls(db: ScopedDbOrTx, tenantId: string, row: GoalRow): Promise<Goal> {
  return toGoalDto(row, await callsRepository(db).goalDays(tenantId, [row.id]));
}

/** The goal's owner: the one named, if they may work in the tenant, else ownerIfNone. */
async function values(db: ScopedDbOrTx, tenantId: string, input: GoalInput, ownerIfNone: string | null): Promise<GoalValues> {
  const userId = input.user_id ? await assertTenantUser(db, tenantId, input.user_id, GOAL_USER_NOT_FOUND_DETAIL) : ownerIfNone;
  return {
    name: input.name,
    description: input.description,
    targetCount: input.target_count,
    startDate: input.start_date,
    endDate: input.end_date,
    userId,
  };
}

/** A tenant's call goals: each call on the caller's database (request.db), whose scope says whose goals they see and write. */
export const goalsService = {
  /**
   * tenantId has been checked by the route (request.tenant). The goals the caller sees
   * (tenancy/visibility.ts). activeOnly: the goals a call may count on today.
   */
  async list(db: ScopedDb, tenantId: string, activeOnly = false): Promise<Goal[]> {
    const rows = await goalsRepository(db).list(tenantId, localDate(), activeOnly);
    const calls = await callsRepository(db).goalDays(
      tenantId,
      rows.map((row) => row.id),
    );
    const byGoal = new Map<string, DailyCallsRow[]>(rows.map((row) => [row.id, []]));
    for (const day of calls) if (day.goalId) byGoal.get(day.goalId)?.push(day);
    return rows.map((row) => toGoalDto(row, byGoal.get(row.id) ?? []));
  },

  /** Owned by the caller unless an admin names someone of the tenant. */
  async create(db: ScopedDb, actor: AuditActor, tenantId: string, input: GoalInput): Promise<Goal> {
    await assertMayChangeSetup(db, tenantId);
    const goal = await values(db, tenantId, input, userScopeOf(db.scope).userId);
    assertMayWriteGoal(db, goal.userId, GOAL_FOR_SOMEONE_ELSE_DETAIL);
    const row = await db.transaction(async (tx) => {
      const created = await goalsRepository(tx).insert(tenantId, goal);
      await auditGoal(tx, actor, 'created', created);
      return created;
    });
    return withCalls(db, tenantId, row);
  },

  /** tenantId (from the body) has been checked; the goal itself must belong to it too. */
  async update(db: ScopedDb, actor: AuditActor, tenantId: string, id: string, input: GoalInput): Promise<Goal> {
    const existing = await goalsRepository(db).visible(id, GOAL_NOT_FOUND_DETAIL);
    // A goal never moves between tenants.
    if (existing.tenantId !== tenantId) throw notFound(GOAL_NOT_FOUND_DETAIL);
    await assertMayChangeSetup(db, tenantId);
    assertMayWriteGoal(db, existing.userId);
    const goal = await values(db, tenantId, input, existing.userId);
    // Handing the goal over writes the new user's figures too.
    assertMayWriteGoal(db, goal.userId, GOAL_FOR_SOMEONE_ELSE_DETAIL);
    const row = await db.transaction(async (tx) => {
      const updated = await goalsRepository(tx).update(tenantId, id, goal);
      if (!updated) throw notFound(GOAL_NOT_FOUND_DETAIL);
      await auditGoal(tx, actor, 'updated', updated, existing.userId);
      return updated;
    });
    return withCalls(db, tenantId, row);
  },

  /**
   * A goal with calls recorded on it is not deleted: the calls are its callers' figures (the Calls
   * report, the dashboard) and its days' targets are its user's, so ending it (its end date) keeps
   * every figure, and deleting it would change them. Deleting one without calls changes no count.
   */
  async remove(db: ScopedDb, actor: AuditActor, id: string): Promise<void> {
    const { tenantId } = await goalsRepository(db).visible(id, GOAL_NOT_FOUND_DETAIL);
    await assertMayChangeSetup(db, tenantId);
    await db.transaction(async (tx) => {
      const goals = goalsRepository(tx);
      // Locked: a call recorded while this runs waits, then finds the goal gone, instead of being deleted with it.
      const existing = await goals.lockById(tenantId, id);
      if (!existing) throw notFound(GOAL_NOT_FOUND_DETAIL);
      assertMayWriteGoal(tx, existing.userId);
      if (await callsRepository(tx).anyOnGoal(tenantId, id)) throw conflict(goalHasCallsDetail(existing));
      if (!(await goals.delete(tenantId, id))) throw notFound(GOAL_NOT_FOUND_DETAIL);
      await auditGoal(tx, actor, 'deleted', existing);
    });
  },
};
