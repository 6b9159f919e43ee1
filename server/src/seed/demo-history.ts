import { and, count, eq, like, sql } from 'drizzle-orm';
import { DEFAULT_COUNTRY } from '@app/shared/contracts';
import { companyColumns } from '../modules/companies';
import { addDays, localDate } from '../lib/today';
import type { Db } from '../db/client';
import { calls, goals, leads, pipelineStages, users } from '../db/schema';
import { DEMO_LOST_REASONS } from './demo-crm';
import { demoCalls } from './demo-calls';
import { generator } from './demo-random';
import { demoCallsOnGoalsSeen, DEMO_TEAMS } from './demo-teams';

export const DEMO_HISTORY_LEADS = 160;
export const DEMO_HISTORY_GOAL = 'Follow-up calls';
const NAME_PREFIX = 'Past deal';
const DAY_MS = 24 * 60 * 60 * 1000;
const CALL_WEEKS = 8;
/** Who makes the demo's follow-up calls: the demo teams' staff. */
const DEMO_CALLERS = DEMO_TEAMS.flatMap((team) => team.members);

/**
 * A year of closed business in the demo tenant, so the reports have something to show on a first
 * start: leads added over the last 12 months, most of them won or lost some weeks later (with
 * values, reasons and the tenant's users as owners), and a second call goal with eight weeks of
 * calls made by the demo teams' staff. The same rows every time; only when the tenant has none of them yet.
 */
export async function seedDemoHistory(db: Db, tenantId: string): Promise<string[]> {
  const [existing] = await db
    .select({ n: count() })
    .from(leads)
    .where(and(eq(leads.tenantId, tenantId), like(leads.name, `${NAME_PREFIX} %`)));
  if (Number(existing.n) > 0) return [];
  const stages = await db
    .select()
    .from(pipelineStages)
    .where(and(eq(pipelineStages.tenantId, tenantId), eq(pipelineStages.isActive, true)))
    .orderBy(pipelineStages.sortOrder);
  const won = stages.find((stage) => stage.kind === 'won');
  const lost = stages.find((stage) => stage.kind === 'lost');
  const open = stages.filter((stage) => stage.kind === 'open');
  if (!won || !lost) return [];
  const people = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.tenantId, tenantId)).orderBy(users.email);
  const owners = [...people.map((person) => person.id), null];

  const random = generator(20251125);
  const now = Date.now();
  const today = localDate();
  const rows: Array<typeof leads.$inferInsert & { closedAt?: Date }> = [];
  for (let i = 0; i < DEMO_HISTORY_LEADS; i++) {
    const createdAt = new Date(now - Math.floor(random.next() * 360 * DAY_MS) - DAY_MS);
    const roll = random.next();
    // Four in ten won, three in ten lost, the rest still open somewhere on the board.
    const stage = roll < 0.4 ? won : roll < 0.7 ? lost : random.pick(open.length ? open : [won]);
    const closedAt = new Date(Math.min(now - 60_000, createdAt.getTime() + (3 + Math.floor(random.next() * 55)) * DAY_MS));
    const phone1 = `+1 555 300 ${String(1000 + i).slice(-4)}`;
    rows.push({
      tenantId,
      name: `${NAME_PREFIX} ${i + 1}`,
      // Kept as a screen would: as typed, as E.164 and as shown, so the deals show their number, not "invalid".
      ...companyColumns({ phone1 }, DEFAULT_COUNTRY),
      phone1,
      pipelineStageId: stage.id,
      ownerId: random.pick(owners),
      value: String(1000 + 250 * Math.floor(random.next() * 200)),
      lostReason: stage === lost ? random.pick(DEMO_LOST_REASONS) : null,
      createdAt,
      updatedAt: stage.kind === 'open' ? createdAt : closedAt,
      closedAt: stage.kind === 'open' ? undefined : closedAt,
    });
  }

  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(leads)
      .values(rows.map(({ closedAt: _closedAt, ...row }) => row))
      .returning({ id: leads.id, name: leads.name });
    const idOf = new Map(inserted.map((row) => [row.name, row.id]));
    // The stage's trigger stamped now(); each is closed when its history says, in one statement.
    const closed = rows.flatMap((row) => {
      if (!row.closedAt) return [];
      const at = row.closedAt.toISOString();
      const [wonAt, lostAt] = row.pipelineStageId === won.id ? [at, null] : [null, at];
      return [sql`(${idOf.get(row.name)!}::uuid, ${wonAt}::timestamptz, ${lostAt}::timestamptz)`];
    });
    if (closed.length)
      await tx.execute(sql`
        update ${leads} set won_at = closed.won_at, lost_at = closed.lost_at
        from (values ${sql.join(closed, sql`, `)}) as closed (id, won_at, lost_at)
        where ${leads.tenantId} = ${tenantId} and ${leads.id} = closed.id`);

    const caller = people[0]?.id ?? null;
    const start = addDays(today, -CALL_WEEKS * 7);
    const [goal] = await tx
      .insert(goals)
      .values({
        tenantId,
        userId: caller,
        name: DEMO_HISTORY_GOAL,
        description: 'Calls back to leads in the pipeline.',
        targetCount: 12,
        startDate: start,
        // Ended yesterday: today's goal and calls on the dashboard stay the daily outreach's.
        endDate: addDays(today, -1),
        createdAt: new Date(now - CALL_WEEKS * 7 * DAY_MS),
      })
      .returning({ id: goals.id });
    // The calls to the pipeline's leads (no prospect), made by the demo teams' staff: on this goal when they see its user, else on none.
    const dialling = generator(20251201);
    const callers = people.filter((person) => DEMO_CALLERS.includes(person.email)).map((person) => person.id);
    const made: Array<typeof calls.$inferInsert> = [];
    for (let day = 0; day < CALL_WEEKS * 7; day++) {
      const date = addDays(start, day);
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      const count = weekday === 0 || weekday === 6 ? 0 : Math.floor(5 + random.next() * 12);
      made.push(...demoCalls(dialling, { tenantId, goalId: goal.id, day: date, count, callers: callers.length ? callers : [caller], prospects: [] }, now));
    }
    if (made.length) await tx.insert(calls).values(made);
    await demoCallsOnGoalsSeen(tx, tenantId);
  });
  return [`${DEMO_HISTORY_LEADS} demo leads of the past year`, `goal ${DEMO_HISTORY_GOAL}`];
}
