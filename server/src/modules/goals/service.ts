import { GOAL_FOR_SOMEONE_ELSE_DETAIL, GOAL_NOT_YOURS_DETAIL, goalHasCallsDetail, mayWriteGoal, type CreateGoal, type Goal } from '@app/shared/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/refusal';
import type { Scope } from '../../tenancy/scope';
import { assertRowTenant, type TenantMember } from '../../tenancy/tenant-access';
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

/** Who changes a goal: the access rules read the user, the audit trail keeps the actor. */
export interface GoalEditor {
  user: TenantMember & { id: string };
  actor: AuditActor;
}

/** previousUserId: the user the goal was taken from, when a change hands it to another. */
function auditGoal(tx: DbOrTx, editor: GoalEditor, change: 'created' | 'updated' | 'deleted', row: GoalRow, previousUserId?: string | null) {
  const reassigned = previousUserId !== undefined && previousUserId !== row.userId ? { previous_user_id: previousUserId } : {};
  return recordAudit(tx, editor.actor, {
    tenantId: row.tenantId,
    action: `goal.${change}`,
    targetType: 'goal',
    targetId: row.id,
    targetName: row.name,
    details: { name: row.name, target_count: row.targetCount, start_date: row.startDate, end_date: row.endDate, user_id: row.userId, ...reassigned },
  });
}

/** A goal's figures are its user's: only they or an admin write them, and only an admin hands a goal to someone else. */
function assertMayWriteGoal(user: GoalEditor['user'], goalUserId: string | null, detail = GOAL_NOT_YOURS_DETAIL): void {
  if (!mayWriteGoal(user, goalUserId)) throw forbidden(detail);
}

export function goalsService(db: Db) {
  const repo = goalsRepository(db);

  async function withCalls(tenantId: string, row: GoalRow): Promise<Goal> {
    return toGoalDto(row, await callsRepository(db).goalDays(tenantId, [row.id]));
  }

  /** The goal's owner: the one named, if they may work in the tenant, else the caller. */
  async function values(tenantId: string, input: GoalInput, ownerIfNone: string | null): Promise<GoalValues> {
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

  return {
    /**
     * tenantId has been checked by the route (request.tenant). The goals of the users the scope sees
     * and goals of nobody, as records by owner. activeOnly: the goals a call may count on today.
     */
    async list(scope: Scope, tenantId: string, activeOnly = false): Promise<Goal[]> {
      const rows = await repo.list(scope, tenantId, localDate(), activeOnly);
      const calls = await callsRepository(db).goalDays(
        tenantId,
        rows.map((row) => row.id),
      );
      const byGoal = new Map<string, DailyCallsRow[]>(rows.map((row) => [row.id, []]));
      for (const day of calls) if (day.goalId) byGoal.get(day.goalId)?.push(day);
      return rows.map((row) => toGoalDto(row, byGoal.get(row.id) ?? []));
    },

    async create(editor: GoalEditor, tenantId: string, input: GoalInput): Promise<Goal> {
      await assertMayChangeSetup(db, editor.user, tenantId);
      const goal = await values(tenantId, input, editor.user.id);
      assertMayWriteGoal(editor.user, goal.userId, GOAL_FOR_SOMEONE_ELSE_DETAIL);
      const row = await db.transaction(async (tx) => {
        const created = await goalsRepository(tx).insert(tenantId, goal);
        await auditGoal(tx, editor, 'created', created);
        return created;
      });
      return withCalls(tenantId, row);
    },

    /** tenantId (from the body) has been checked; the goal itself must belong to it too. */
    async update(editor: GoalEditor, tenantId: string, id: string, input: GoalInput): Promise<Goal> {
      const rowTenant = assertRowTenant(editor.user, await repo.tenantOf(id), GOAL_NOT_FOUND_DETAIL);
      // A goal never moves between tenants.
      if (rowTenant !== tenantId) throw notFound(GOAL_NOT_FOUND_DETAIL);
      const existing = await repo.findById(tenantId, id);
      if (!existing) throw notFound(GOAL_NOT_FOUND_DETAIL);
      await assertMayChangeSetup(db, editor.user, tenantId);
      assertMayWriteGoal(editor.user, existing.userId);
      const goal = await values(tenantId, input, existing.userId);
      // Handing the goal over writes the new user's figures too.
      assertMayWriteGoal(editor.user, goal.userId, GOAL_FOR_SOMEONE_ELSE_DETAIL);
      const row = await db.transaction(async (tx) => {
        const updated = await goalsRepository(tx).update(tenantId, id, goal);
        if (!updated) throw notFound(GOAL_NOT_FOUND_DETAIL);
        await auditGoal(tx, editor, 'updated', updated, existing.userId);
        return updated;
      });
      return withCalls(tenantId, row);
    },

    /**
     * A goal with calls recorded on it is not deleted: the calls are its callers' figures (the Calls
     * report, the dashboard) and its days' targets are its user's, so ending it (its end date) keeps
     * every figure, and deleting it would change them. Deleting one without calls changes no count.
     */
    async remove(editor: GoalEditor, id: string): Promise<void> {
      const tenantId = assertRowTenant(editor.user, await repo.tenantOf(id), GOAL_NOT_FOUND_DETAIL);
      await assertMayChangeSetup(db, editor.user, tenantId);
      await db.transaction(async (tx) => {
        const goals = goalsRepository(tx);
        // Locked: a call recorded while this runs waits, then finds the goal gone, instead of being deleted with it.
        const existing = await goals.lockById(tenantId, id);
        if (!existing) throw notFound(GOAL_NOT_FOUND_DETAIL);
        assertMayWriteGoal(editor.user, existing.userId);
        if (await callsRepository(tx).anyOnGoal(tenantId, id)) throw conflict(goalHasCallsDetail(existing));
        if (!(await goals.delete(tenantId, id))) throw notFound(GOAL_NOT_FOUND_DETAIL);
        await auditGoal(tx, editor, 'deleted', existing);
      });
    },
  };
}
