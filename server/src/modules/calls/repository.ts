import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { calls, goals } from '../../db/schema';

export interface CallInput {
  /** The signed-in user who recorded the call. */
  callerId: string;
  prospectId: string;
  /** The goal it counts on; null: on none (still its caller's call). */
  goalId: string | null;
  madeAt: Date;
  /** The server's day of madeAt: the day the call counts on. */
  day: string;
}

/** Whose calls a figure counts: every caller's, or these callers'. */
export type Callers = 'all' | string[];

const byCallers = (callers: Callers) => (callers === 'all' ? undefined : callers.length ? inArray(calls.callerId, callers) : sql`false`);

export function callsRepository(db: DbOrTx) {
  return {
    /** Keeps one call made; in the transaction of the status change that made it. */
    async record(tenantId: string, call: CallInput): Promise<void> {
      await db.insert(calls).values({ ...call, tenantId });
    },

    /** Per goal and day, oldest day first: the calls made on the goals, by anyone, on their active days (start to end date). */
    async goalDays(tenantId: string, goalIds: string[]): Promise<Array<{ goalId: string | null; day: string; calls: number }>> {
      if (goalIds.length === 0) return [];
      return db
        .select({ goalId: calls.goalId, day: calls.day, calls: sql<number>`count(*)::int` })
        .from(calls)
        .innerJoin(goals, and(eq(goals.tenantId, calls.tenantId), eq(goals.id, calls.goalId)))
        .where(and(eq(calls.tenantId, tenantId), inArray(calls.goalId, goalIds), gte(calls.day, goals.startDate), lte(calls.day, goals.endDate)))
        .groupBy(calls.goalId, calls.day)
        .orderBy(asc(calls.day));
    },

    /** Whether any call was recorded on the goal, on any day. */
    async anyOnGoal(tenantId: string, goalId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: calls.id })
        .from(calls)
        .where(and(eq(calls.tenantId, tenantId), eq(calls.goalId, goalId)))
        .limit(1);
      return row !== undefined;
    },

    /** The calls the callers made on a day, on any goal. */
    async countOnDay(tenantId: string, day: string, callers: Callers): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(calls)
        .where(and(eq(calls.tenantId, tenantId), eq(calls.day, day), byCallers(callers)));
      return Number(row?.n ?? 0);
    },
  };
}
