import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leads, prospects, recordNotes } from '../db/schema';

/** What the demo's reps wrote down, as they would type it (line breaks included). */
const PROSPECT_NOTES = [
  'Spoke to the office manager: the owner decides, back on Monday.\nAsk for a demo slot in the morning.',
  'Uses spreadsheets for payroll today; interested in the HR module.',
  'Gatekeeper asked for an email first. Sent the brochure.',
  'Wrong contact person: try the finance director instead.',
];
const LEAD_NOTES = [
  'Budget approved for Q3. Wants a quotation for 40 seats.',
  'Decision between us and one competitor; price is the question.\nFollow up after their board meeting.',
];

/**
 * A few notes on demo prospects and leads, each by its record's owner (the demo teams' staff), so
 * a first start shows notes on the record pages. Only when the tenant has no note yet.
 */
export async function seedDemoNotes(db: Db, tenantId: string): Promise<string[]> {
  const [existing] = await db.select({ n: count() }).from(recordNotes).where(eq(recordNotes.tenantId, tenantId));
  if (Number(existing.n) > 0) return [];
  const someProspects = await db
    .select({ id: prospects.id, ownerId: prospects.ownerId })
    .from(prospects)
    .where(and(eq(prospects.tenantId, tenantId), eq(prospects.state, 'active'), isNotNull(prospects.ownerId)))
    .orderBy(asc(prospects.name), asc(prospects.id))
    .limit(PROSPECT_NOTES.length);
  const someLeads = await db
    .select({ id: leads.id, ownerId: leads.ownerId })
    .from(leads)
    .where(and(eq(leads.tenantId, tenantId), isNotNull(leads.ownerId)))
    .orderBy(asc(leads.name), asc(leads.id))
    .limit(LEAD_NOTES.length);
  const rows: (typeof recordNotes.$inferInsert)[] = [
    ...someProspects.map((record, i) => ({ tenantId, prospectId: record.id, authorId: record.ownerId, body: PROSPECT_NOTES[i]! })),
    ...someLeads.map((record, i) => ({ tenantId, leadId: record.id, authorId: record.ownerId, body: LEAD_NOTES[i]! })),
  ];
  if (rows.length === 0) return [];
  await db.insert(recordNotes).values(rows);
  return [`${rows.length} demo notes`];
}
