import type { calls } from '../db/schema';
import type { generator } from './demo-random';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoCallDay {
  tenantId: string;
  goalId: string;
  /** The server's day (YYYY-MM-DD) the calls count on. */
  day: string;
  count: number;
  /** Who makes them, picked in turn at random; null: nobody left to name. */
  callers: readonly (string | null)[];
  /** The prospects called, picked at random; none: calls to leads, without a prospect. */
  prospects: readonly string[];
}

/**
 * A demo day's calls as rows: made through the working day (9:00 to 17:00, server time), or for
 * today spread from midnight up to now, so none is in the future.
 */
export function demoCalls(random: ReturnType<typeof generator>, day: DemoCallDay, now: number): Array<typeof calls.$inferInsert> {
  const [year, month, date] = day.day.split('-').map(Number);
  const midnight = new Date(year, month - 1, date).getTime();
  const rows: Array<typeof calls.$inferInsert> = [];
  for (let i = 0; i < day.count; i++) {
    const workday = midnight + (9 + 8 * random.next()) * 60 * 60 * 1000;
    const madeAt = midnight + DAY_MS > now ? midnight + ((now - midnight) * (i + 1)) / (day.count + 1) : workday;
    rows.push({
      tenantId: day.tenantId,
      goalId: day.goalId,
      day: day.day,
      callerId: day.callers.length ? random.pick(day.callers) : null,
      prospectId: day.prospects.length ? random.pick(day.prospects) : null,
      madeAt: new Date(madeAt),
    });
  }
  return rows;
}
