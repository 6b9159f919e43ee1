import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { goalDailyCalls, goals } from '../../db/schema';

export type GoalRow = typeof goals.$inferSelect;
export type GoalValues = Pick<GoalRow, 'name' | 'description' | 'targetCount' | 'startDate' | 'endDate' | 'userId'>;
export type DailyCallsRow = typeof goalDailyCalls.$inferSelect;

export function goalsRepository(db: DbOrTx) {
  return {
    /** The tenant of a goal looked up by id alone: by-id calls check access with it first. */
    async tenantOf(id: string): Promise<string | undefined> {
      const [row] = await db.select({ tenantId: goals.tenantId }).from(goals).where(eq(goals.id, id)).limit(1);
      return row?.tenantId;
    },

    /** Goals running today first (the status dialog preselects the first), then the latest. */
    list(tenantId: string, today: string): Promise<GoalRow[]> {
      return db
        .select()
        .from(goals)
        .where(eq(goals.tenantId, tenantId))
        .orderBy(desc(sql`(${goals.startDate} <= ${today} and ${goals.endDate} >= ${today})`), desc(goals.startDate), desc(goals.createdAt));
    },

    async findById(tenantId: string, id: string): Promise<GoalRow | undefined> {
      const [row] = await db
        .select()
        .from(goals)
        .where(and(eq(goals.tenantId, tenantId), eq(goals.id, id)))
        .limit(1);
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

    /** Calls per day of the given goals, oldest day first. */
    dailyCalls(tenantId: string, goalIds: string[]): Promise<DailyCallsRow[]> {
      if (goalIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(goalDailyCalls)
        .where(and(eq(goalDailyCalls.tenantId, tenantId), inArray(goalDailyCalls.goalId, goalIds)))
        .orderBy(asc(goalDailyCalls.day));
    },

    /** One more call on a goal's day; concurrent calls each count (the upsert takes the row lock). */
    async addCalls(tenantId: string, goalId: string, day: string, calls = 1): Promise<void> {
      await db
        .insert(goalDailyCalls)
        .values({ tenantId, goalId, day, callsMade: calls })
        .onConflictDoUpdate({
          target: [goalDailyCalls.tenantId, goalDailyCalls.goalId, goalDailyCalls.day],
          set: { callsMade: sql`${goalDailyCalls.callsMade} + ${calls}` },
        });
    },

    /** The tenant's calls on a day and the sum of the daily targets of goals running that day. */
    async dayTotals(tenantId: string, day: string): Promise<{ callsMade: number; callsGoal: number }> {
      const [calls] = await db
        .select({ n: sql<string | number | null>`sum(${goalDailyCalls.callsMade})` })
        .from(goalDailyCalls)
        .where(and(eq(goalDailyCalls.tenantId, tenantId), eq(goalDailyCalls.day, day)));
      const [target] = await db
        .select({ n: sql<string | number | null>`sum(${goals.targetCount})` })
        .from(goals)
        .where(and(eq(goals.tenantId, tenantId), lte(goals.startDate, day), gte(goals.endDate, day)));
      return { callsMade: Number(calls?.n ?? 0), callsGoal: Number(target?.n ?? 0) };
    },
  };
}
