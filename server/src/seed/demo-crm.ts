import { and, count, eq } from 'drizzle-orm';
import { DEFAULT_COUNTRY } from '@app/shared/contracts';
import { companyColumns } from '../modules/companies';
import { addDays, localDate } from '../lib/today';
import type { Db } from '../db/client';
import { calls, crmActivities, goals, leads, pipelineStages, prospects, statusOptions, type ProspectState } from '../db/schema';
import { demoCalls } from './demo-calls';
import { generator } from './demo-random';

export const DEMO_PROSPECT_COUNT = 300;
export const DEMO_GOAL_NAME = 'Daily outreach';
const DEMO_GOAL_TARGET = 20;
const HISTORY_DAYS = 14;

const PREFIXES = [
  'Northwind',
  'Bluebird',
  'Silverline',
  'Evergreen',
  'Redwood',
  'Brightpath',
  'Ironbridge',
  'Sunrise',
  'Harbor',
  'Summit',
  'Crescent',
  'Maple',
  'Granite',
  'Lakeside',
  'Orchard',
  'Pioneer',
  'Cobalt',
  'Willow',
  'Falcon',
  'Meridian',
];
const KINDS = [
  ['Logistics', 'Logistics'],
  ['Dental Clinic', 'Healthcare'],
  ['Bakery', 'Food & Beverage'],
  ['Accounting', 'Financial Services'],
  ['Builders', 'Construction'],
  ['Motors', 'Automotive'],
  ['Software', 'Information Technology'],
  ['Realty', 'Real Estate'],
  ['Fitness', 'Health & Wellness'],
  ['Print Shop', 'Printing'],
  ['Law Group', 'Legal Services'],
  ['Hotel', 'Hospitality'],
  ['Textiles', 'Manufacturing'],
  ['Pharmacy', 'Healthcare'],
  ['Academy', 'Education'],
] as const;
const CITIES = ['Chicago', 'London', 'Toronto', 'Sydney', 'Berlin', 'Dublin', 'Austin', 'Manchester', 'Denver', 'Auckland'];
/** Notes that fit the change they go with; the default statuses and stages by name. */
const DEMO_CALL_NOTES: Record<string, string[]> = {
  'No Answer': ['Voicemail left with our number.', 'Rang out twice; try mornings.'],
  'Call Back': ['Spoke to the office manager; call back after 2 pm.', 'Receptionist asked us to try again next week.'],
  Interested: ['Owner interested, wants pricing by email.', 'Wants a demo for the whole team.'],
  'Not Interested': ['Using a competitor until their contract ends in spring.'],
  'Do Not Call': ['Asked to be removed from our list.'],
};
const DEMO_STAGE_NOTES: Record<string, string> = {
  Contacted: 'First call done; details confirmed.',
  Qualified: 'Budget confirmed with the owner.',
  Proposal: 'Proposal sent by email.',
  Negotiation: 'Asked for a discount on the yearly plan.',
  Won: 'Signed the yearly plan.',
  Lost: 'Chose a cheaper local provider.',
};
const EMPLOYEES = ['1-10', '10-50', '50-100', '100-250', '250-500'];
const MANAGERS = ['Dana Ortiz', 'Priya Shah', 'Tom Becker', 'Amara Okafor', 'Liam Chen', 'Sofia Rossi', 'Noah Kim', 'Eva Novak'];

export const DEMO_LOST_REASONS = ['Chose a cheaper offer', 'No budget this year', 'Went with their current supplier', 'Stopped answering'];

/**
 * A demo lead's worth: most have a value (500 to 50,000, in round fifties), open ones an expected
 * close date within three months, lost ones a reason.
 */
function demoLeadValue(random: ReturnType<typeof generator>, today: string, kind: 'open' | 'won' | 'lost') {
  const value = random.next() < 0.85 ? String(500 + 50 * Math.floor(random.next() * 990)) : null;
  const closeIn = 7 + Math.floor(random.next() * 84);
  return {
    value,
    expectedCloseDate: kind === 'open' && value ? addDays(today, closeIn) : null,
    lostReason: kind === 'lost' ? random.pick(DEMO_LOST_REASONS) : null,
  };
}

/**
 * A living sample in the demo tenant so a first start shows a working CRM: a few hundred
 * prospects across statuses and stages, leads made from the interested ones, and a goal with
 * two weeks of calls. Only when the tenant has no prospects, leads or goals yet, so a second
 * start (or a tenant someone already works in) gets nothing.
 */
export async function seedDemoCrm(db: Db, tenantId: string, ownerId: string | null): Promise<string[]> {
  const counts = await Promise.all([
    db.select({ n: count() }).from(prospects).where(eq(prospects.tenantId, tenantId)),
    db.select({ n: count() }).from(leads).where(eq(leads.tenantId, tenantId)),
    db.select({ n: count() }).from(goals).where(eq(goals.tenantId, tenantId)),
  ]);
  if (counts.some(([row]) => Number(row.n) > 0)) return [];

  const statuses = await db.select().from(statusOptions).where(eq(statusOptions.tenantId, tenantId));
  const stages = await db
    .select()
    .from(pipelineStages)
    .where(and(eq(pipelineStages.tenantId, tenantId), eq(pipelineStages.isActive, true)));
  if (statuses.length === 0) return [];
  const ongoing = statuses.filter((s) => s.isActive && !s.convertsToLead && !s.removesFromProspects);
  const converting = statuses.find((s) => s.convertsToLead);
  const removing = statuses.filter((s) => s.removesFromProspects);
  const random = generator(20260101);
  // Values come from their own sequence, so the rest of the demo stays as it was.
  const money = generator(20261125);
  const now = Date.now();
  const today = localDate();

  const rows: Array<typeof prospects.$inferInsert> = [];
  for (let i = 0; i < DEMO_PROSPECT_COUNT; i++) {
    const [kind, industry] = random.pick(KINDS);
    const name = `${random.pick(PREFIXES)} ${kind} ${i + 1}`;
    // Numbers of the demo tenant's country (US) that parse, shown formatted and dialled as E.164.
    const phone1 = `+1 555 ${String(100 + Math.floor(i / 100)).padStart(3, '0')} ${String(1000 + i).slice(-4)}`;
    const phone2 = random.next() < 0.3 ? `+1 555 200 ${String(2000 + i).slice(-4)}` : null;
    const roll = random.next();
    let state: ProspectState = 'active';
    let statusId = ongoing.length ? random.pick(ongoing).id : null;
    if (roll < 0.08 && converting) {
      state = 'converted';
      statusId = converting.id;
    } else if (roll < 0.14 && removing.length) {
      state = 'removed';
      statusId = random.pick(removing).id;
    }
    const createdAt = new Date(now - Math.floor(random.next() * 30 * 24 * 60 * 60 * 1000));
    const contacted = statusId !== ongoing[0]?.id;
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    rows.push({
      tenantId,
      name,
      ...companyColumns({ phone1, phone2 }, DEFAULT_COUNTRY),
      phone1,
      email: random.next() < 0.8 ? `hello@${slug}.example.com` : null,
      industry,
      city: random.pick(CITIES),
      website: random.next() < 0.7 ? `https://${slug}.example.com` : null,
      manager: random.pick(MANAGERS),
      employees: random.pick(EMPLOYEES),
      founding_date: String(1980 + Math.floor(random.next() * 44)),
      address: `${10 + i} Market Street`,
      description: `${kind} business in ${industry.toLowerCase()}.`,
      statusId,
      pipelineStageId: stages.length ? random.pick(stages.slice(0, 4)).id : null,
      lastContacted: contacted ? new Date(Math.max(createdAt.getTime(), now - Math.floor(random.next() * HISTORY_DAYS * 24 * 60 * 60 * 1000))) : null,
      state,
      createdAt,
      updatedAt: createdAt,
    });
  }

  const goalStart = addDays(today, -HISTORY_DAYS);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(prospects)
      .values(rows)
      .returning({ id: prospects.id, state: prospects.state, statusId: prospects.statusId, lastContacted: prospects.lastContacted });
    // The tenant's active total (prospect_counters) is kept by the prospects' triggers (migration 0042).

    // Each contacted prospect's last call is in its history, some with the note the caller left.
    const statusName = new Map(statuses.map((status) => [status.id, status.name]));
    const history: Array<typeof crmActivities.$inferInsert> = [];
    for (const row of inserted) {
      if (!row.lastContacted) continue;
      if (row.state === 'converted') {
        const [source] = await tx
          .select()
          .from(prospects)
          .where(and(eq(prospects.tenantId, tenantId), eq(prospects.id, row.id)));
        const { id: _id, phoneDigits: _digits, state: _state, ...fields } = source;
        const stage = stages.length ? random.pick(stages) : null;
        const [lead] = await tx
          .insert(leads)
          .values({
            ...fields,
            tenantId,
            prospectId: row.id,
            pipelineStageId: stage?.id ?? null,
            assignedTo: ownerId,
            ownerId,
            ...demoLeadValue(money, today, stage?.kind ?? 'open'),
            createdAt: row.lastContacted,
            updatedAt: row.lastContacted,
          })
          .returning({ id: leads.id });
        if (stage && stage.id !== stages[0]?.id) {
          const movedAt = new Date(Math.min(now, row.lastContacted.getTime() + 3 * 60 * 60 * 1000));
          // Closed when it moved, not when the demo was made.
          if (stage.kind === 'won')
            await tx
              .update(leads)
              .set({ wonAt: movedAt })
              .where(and(eq(leads.tenantId, tenantId), eq(leads.id, lead.id)));
          if (stage.kind === 'lost')
            await tx
              .update(leads)
              .set({ lostAt: movedAt })
              .where(and(eq(leads.tenantId, tenantId), eq(leads.id, lead.id)));
          history.push({
            tenantId,
            leadId: lead.id,
            userId: ownerId,
            kind: 'stage',
            summary: `Pipeline stage changed to ${stage.name}`,
            notes: DEMO_STAGE_NOTES[stage.name] ?? null,
            createdAt: movedAt,
          });
        }
      }
      const name = statusName.get(row.statusId ?? '') ?? 'a new status';
      const callNotes = DEMO_CALL_NOTES[name];
      history.push({
        tenantId,
        prospectId: row.id,
        userId: ownerId,
        kind: 'status',
        summary: `Status changed to ${name} (call made)`,
        notes: callNotes && random.next() < 0.6 ? random.pick(callNotes) : null,
        createdAt: row.lastContacted,
      });
    }
    if (history.length) await tx.insert(crmActivities).values(history);

    const [goal] = await tx
      .insert(goals)
      .values({
        tenantId,
        userId: ownerId,
        name: DEMO_GOAL_NAME,
        description: 'Calls per day across the team.',
        targetCount: DEMO_GOAL_TARGET,
        startDate: goalStart,
        endDate: addDays(today, 30),
        // Created when it started, so progress counts the whole history.
        createdAt: new Date(now - HISTORY_DAYS * 24 * 60 * 60 * 1000),
      })
      .returning({ id: goals.id });
    // The demo staff made the calls; the demo teams (demo-teams.ts) hand each to the owner of the prospect called.
    const dialling = generator(20260301);
    const called = inserted.map((row) => row.id);
    const made: Array<typeof calls.$inferInsert> = [];
    for (let day = 0; day <= HISTORY_DAYS; day++) {
      const date = addDays(goalStart, day);
      // Weekends quiet, some days missed, most near the target; today has started.
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      const count = day === HISTORY_DAYS ? 7 : weekday === 0 || weekday === 6 ? Math.floor(random.next() * 4) : Math.floor(8 + random.next() * 18);
      made.push(...demoCalls(dialling, { tenantId, goalId: goal.id, day: date, count, callers: [ownerId], prospects: called }, now));
    }
    if (made.length) await tx.insert(calls).values(made);
  });

  const converted = rows.filter((row) => row.state === 'converted').length;
  return [`${DEMO_PROSPECT_COUNT} demo prospects`, `${converted} demo leads`, `goal ${DEMO_GOAL_NAME}`];
}
