import { and, asc, count, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications, prospects, quotations, users } from '../db/schema';

/** Minutes before the seed that each demo notification happened. */
const MINUTES_AGO = [4, 38, 180];

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * A few notifications for each demo user with records (a prospect handed to them by the admin, a
 * callback come due) and the staff user's sent quotation viewed, so a first start shows the bell
 * with a count. The newest of each user's is unread, the others read. Only when the tenant has none yet.
 */
export async function seedDemoNotifications(db: Db, tenantId: string, adminId: string | null): Promise<string[]> {
  const [existing] = await db.select({ n: count() }).from(notifications).where(eq(notifications.tenantId, tenantId));
  if (Number(existing.n) > 0) return [];
  const [admin] = adminId ? await db.select({ name: users.fullName, email: users.email }).from(users).where(eq(users.id, adminId)) : [];
  const adminName = admin ? admin.name || admin.email : 'Demo Admin';
  const owned = await db
    .select({ id: prospects.id, name: prospects.name, ownerId: prospects.ownerId })
    .from(prospects)
    .where(
      and(eq(prospects.tenantId, tenantId), eq(prospects.state, 'active'), isNotNull(prospects.ownerId), adminId ? ne(prospects.ownerId, adminId) : undefined),
    )
    .orderBy(asc(prospects.name), asc(prospects.id))
    .limit(400);
  const byOwner = new Map<string, { id: string; name: string }[]>();
  for (const row of owned) byOwner.set(row.ownerId!, [...(byOwner.get(row.ownerId!) ?? []), row]);

  const rows: (typeof notifications.$inferInsert)[] = [];
  for (const [userId, records] of byOwner) {
    const [assigned, due] = records;
    if (assigned)
      rows.push({
        tenantId,
        userId,
        kind: 'record_assigned',
        text: `${adminName} assigned you the prospect ${assigned.name}`,
        link: `/crm/prospects/${assigned.id}`,
        prospectId: assigned.id,
        createdAt: ago(MINUTES_AGO[0]!),
      });
    if (due)
      rows.push({
        tenantId,
        userId,
        kind: 'callback_due',
        text: `Callback due now: ${due.name}`,
        link: `/crm/prospects/${due.id}`,
        prospectId: due.id,
        readAt: ago(MINUTES_AGO[1]! - 5),
        createdAt: ago(MINUTES_AGO[1]!),
      });
  }
  const sent = await db
    .select({ id: quotations.id, number: quotations.number, clientName: quotations.clientName, ownerId: quotations.ownerId, leadId: quotations.leadId })
    .from(quotations)
    .where(and(eq(quotations.tenantId, tenantId), inArray(quotations.status, ['sent', 'accepted']), isNotNull(quotations.ownerId)))
    .orderBy(asc(quotations.number))
    .limit(1);
  for (const quotation of sent)
    rows.push({
      tenantId,
      userId: quotation.ownerId!,
      kind: 'quotation_viewed',
      text: `Quotation ${quotation.number}${quotation.clientName ? ` for ${quotation.clientName}` : ''} was viewed by the client`,
      link: quotation.leadId ? `/crm/leads/${quotation.leadId}` : '/quotations',
      quotationId: quotation.id,
      onceKey: `quotation_viewed:${quotation.id}`,
      createdAt: ago(MINUTES_AGO[2]!),
    });
  if (rows.length === 0) return [];
  // Seeded as already mailed: a first start mails nobody about the demo.
  await db.insert(notifications).values(rows.map((row) => ({ ...row, mailedAt: new Date() })));
  return [`${rows.length} demo notifications`];
}
