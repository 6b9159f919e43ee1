import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { goals } from '../../db/schema';
import { notFound } from '../../lib/refusal';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { tenantFilter } from '../../tenancy/scope';
import { figuresSeen, goalsSeen } from '../../tenancy/visibility';

export type GoalRow = typeof goals.$inferSelect;
export type GoalValues = Pick<GoalRow, 'name' | 'description' | 'targetCount' | 'startDate' | 'endDate' | 'userId'>;

/** A goal is active on the days from its start date to its end date, both included (the server's days). */
export const isGoalActiveOn = (goal: Pick<GoalRow, 'startDate' | 'endDate'>, day: string) => goal.startDate <= day && day <= goal.endDate;

/** A tenant's goals as the caller's database handle sees them (its scope: whose goals, in which tenants). */
export function goalsRepository(db: ScopedDbOrTx) {
  return {
    /**
     * A goal by id alone in a tenant the caller works in; any other answers not-found (another
     * tenant's id tells nothing). Who may change it is the service's to say, not found or not.
     */
    async visible(id: string, detail: string): Promise<GoalRow> {
      const [row] = await db
        .select()
        .from(goals)
        .where(and(eq(goals.id, id), tenantFilter(goals.tenantId, db.scope)))
        .limit(1);
      if (!row) throw notFound(detail);
      return row;
    },

    /**
     * Goals active today first (the status dialog preselects the first), then the latest; activeOnly:
     * the active ones alone. Those the caller sees (tenancy/visibility.ts).
     */
    list(tenantId: string, today: string, activeOnly = false): Promise<GoalRow[]> {
      const active = sql`(${goals.startDate} <= ${today} and ${goals.endDate} >= ${today})`;
      return db
        .select()
        .from(goals)
        .where(and(eq(goals.tenantId, tenantId), goalsSeen(goals.userId, db.scope), activeOnly ? active : undefined))
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

    /**
     * The sum of the daily targets of the goals active on the day: the caller's own ('own'), or those
     * of every user whose figures the caller sees ('seen', tenancy/visibility.ts).
     */
    async targetOnDay(tenantId: string, day: string, whose: 'own' | 'seen'): Promise<number> {
      const users = whose === 'own' ? (db.scope.userId ? eq(goals.userId, db.scope.userId) : sql`false`) : figuresSeen(goals.userId, db.scope);
      const [target] = await db
        .select({ n: sql<string | number | null>`sum(${goals.targetCount})` })
        .from(goals)
        .where(and(eq(goals.tenantId, tenantId), lte(goals.startDate, day), gte(goals.endDate, day), users));
      return Number(target?.n ?? 0);
    },
  };
}
