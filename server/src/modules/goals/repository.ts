import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { goals } from '../../db/schema';
import { ownersFilter, type Scope } from '../../tenancy/scope';

export type GoalRow = typeof goals.$inferSelect;
export type GoalValues = Pick<GoalRow, 'name' | 'description' | 'targetCount' | 'startDate' | 'endDate' | 'userId'>;

/** A goal is active on the days from its start date to its end date, both included (the server's days). */
export const isGoalActiveOn = (goal: Pick<GoalRow, 'startDate' | 'endDate'>, day: string) => goal.startDate <= day && day <= goal.endDate;

export function goalsRepository(db: DbOrTx) {
  return {
    /** The tenant of a goal looked up by id alone: by-id calls check access with it first. */
    async tenantOf(id: string): Promise<string | undefined> {
      const [row] = await db.select({ tenantId: goals.tenantId }).from(goals).where(eq(goals.id, id)).limit(1);
      return row?.tenantId;
    },

    /**
     * Goals active today first (the status dialog preselects the first), then the latest; activeOnly:
     * the active ones alone. Of the users the scope sees and goals of nobody, as records by owner.
     */
    list(scope: Scope, tenantId: string, today: string, activeOnly = false): Promise<GoalRow[]> {
      const active = sql`(${goals.startDate} <= ${today} and ${goals.endDate} >= ${today})`;
      return db
        .select()
        .from(goals)
        .where(and(eq(goals.tenantId, tenantId), ownersFilter(goals.userId, scope.owners), activeOnly ? active : undefined))
        .orderBy(desc(active), desc(goals.startDate), desc(goals.createdAt));
    },

    async findById(tenantId: string, id: string): Promise<GoalRow | undefined> {
      const [row] = await db
        .select()
        .from(goals)
        .where(and(eq(goals.tenantId, tenantId), eq(goals.id, id)))
        .limit(1);
      return row;
    },

    /** The goal, locked until the transaction ends: a call recorded meanwhile waits, so a check on its calls holds. */
    async lockById(tenantId: string, id: string): Promise<GoalRow | undefined> {
      const [row] = await db
        .select()
        .from(goals)
        .where(and(eq(goals.tenantId, tenantId), eq(goals.id, id)))
        .limit(1)
        .for('update');
      return row;
    },

    async insert(tenantId: string, values: GoalValues & { createdAt?: Date }): Promise<GoalRow> {
      const [row] = await db
        .insert(goals)
        .values({ ...values, tenantId })
        .returning();
      return row;
    },

    async update(tenantId: string, id: string, values: GoalValues): Promise<GoalRow | undefined> {
      const [row] = await db
        .update(goals)
        .set(values)
        .where(and(eq(goals.tenantId, tenantId), eq(goals.id, id)))
        .returning();
      return row;
    },

    async delete(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(goals)
        .where(and(eq(goals.tenantId, tenantId), eq(goals.id, id)))
        .returning({ id: goals.id });
      return rows.length > 0;
    },

    /** The sum of the daily targets of the owners' goals active on the day (all: every goal of the tenant). */
    async targetOnDay(tenantId: string, day: string, owners: 'all' | string[]): Promise<number> {
      const [target] = await db
        .select({ n: sql<string | number | null>`sum(${goals.targetCount})` })
        .from(goals)
        .where(
          and(
            eq(goals.tenantId, tenantId),
            lte(goals.startDate, day),
            gte(goals.endDate, day),
            owners === 'all' ? undefined : owners.length ? inArray(goals.userId, owners) : sql`false`,
          ),
        );
      return Number(target?.n ?? 0);
    },
  };
}
