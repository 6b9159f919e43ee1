import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { addDays, localDate } from '../lib/today';
import { prospects, tasks } from '../db/schema';

/** Each demo user's day: one overdue, two due today (one at a time), one tomorrow; as their reps would write them. */
const DAY = [
  { days: -1, type: 'call', title: 'Call back about the demo date', time: '10:00' },
  { days: 0, type: 'call', title: 'Follow up on the brochure', time: '09:30' },
  { days: 0, type: 'email', title: 'Send the price list', time: null },
  { days: 1, type: 'meeting', title: 'Product demo with the owner', time: '14:00' },
] as const;

/**
 * Tasks due today and overdue for each owner of demo prospects (the demo teams' staff) and for the
 * admin, on records they see, so My day is not empty on a first start. Only when the tenant has none.
 */
export async function seedDemoTasks(db: Db, tenantId: string, adminId: string | null, now: Date = new Date()): Promise<string[]> {
  const [existing] = await db.select({ n: count() }).from(tasks).where(eq(tasks.tenantId, tenantId));
  if (Number(existing.n) > 0) return [];
  const owned = await db
    .select({ id: prospects.id, ownerId: prospects.ownerId })
    .from(prospects)
    .where(and(eq(prospects.tenantId, tenantId), eq(prospects.state, 'active'), isNotNull(prospects.ownerId)))
    .orderBy(asc(prospects.name), asc(prospects.id))
    .limit(400);
  const byOwner = new Map<string, string[]>();
  for (const row of owned) byOwner.set(row.ownerId!, [...(byOwner.get(row.ownerId!) ?? []), row.id]);
  // The admin sees every record: theirs are on the first prospects of the list.
  if (adminId && !byOwner.has(adminId) && owned.length > 0)
    byOwner.set(
      adminId,
      owned.slice(0, DAY.length).map((row) => row.id),
    );
  const today = localDate(now);
  const rows: (typeof tasks.$inferInsert)[] = [];
  for (const [ownerId, ids] of byOwner) {
    DAY.forEach((task, i) => {
      const prospectId = ids[i % ids.length]!;
      rows.push({
        tenantId,
        prospectId,
        ownerId,
        createdBy: ownerId,
        type: task.type,
        title: task.title,
        dueDate: addDays(today, task.days),
        dueTime: task.time,
      });
    });
  }
  if (rows.length === 0) return [];
  await db.insert(tasks).values(rows);
  return [`${rows.length} demo tasks`];
}
