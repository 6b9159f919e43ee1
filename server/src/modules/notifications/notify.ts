import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prospectImports, prospects, users } from '../../db/schema';
import { notificationsRepository, type NotificationInput } from './repository';

/**
 * Tells users of an event, in the transaction that records the event when the caller has one:
 * the notification is there exactly when the event is. A user is never told of their own doing.
 */
export async function notify(db: DbOrTx, actorId: string | null, inputs: readonly NotificationInput[]): Promise<void> {
  await notificationsRepository(db).insert(inputs.filter((input) => input.userId !== actorId));
}

/**
 * An upload's slice is saved: its importer hears how the import stands, and when it hands its rows to
 * a team, each member other than the importer hears how many came to them. One notification each
 * per import, brought up to date (and unread again) by each later slice of the same file. In the
 * upload's transaction: a team upload runs as the system; the importer's own writes their own.
 */
export async function notifyUpload(tx: DbOrTx, upload: { tenantId: string; importId: string; uploaderId: string | null; teamUpload: boolean }): Promise<void> {
  const { tenantId, importId, uploaderId } = upload;
  const [done] = await tx
    .select({ fileName: prospectImports.fileName, created: prospectImports.rowsCreated, refused: prospectImports.rowsRefused })
    .from(prospectImports)
    .where(and(eq(prospectImports.tenantId, tenantId), eq(prospectImports.id, importId)))
    .limit(1);
  if (!done) return;
  const repo = notificationsRepository(tx);
  const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
  if (uploaderId) {
    const refused = done.refused ? `, ${count(done.refused, 'row')} refused` : '';
    await repo.upsert({
      tenantId,
      userId: uploaderId,
      kind: 'import_finished',
      onceKey: `import:${importId}`,
      text: `Import of ${done.fileName} finished: ${count(done.created, 'prospect')} imported${refused}`,
      link: '/crm?tab=imports',
    });
  }
  if (!upload.teamUpload) return;
  const who = await nameOf(tx, uploaderId);
  const owners = await tx
    .select({ ownerId: prospects.ownerId, count: sql<number>`count(*)::int` })
    .from(prospects)
    .where(and(eq(prospects.tenantId, tenantId), eq(prospects.importId, importId), isNotNull(prospects.ownerId)))
    .groupBy(prospects.ownerId);
  for (const { ownerId, count: rows } of owners) {
    if (!ownerId || ownerId === uploaderId) continue;
    await repo.upsert({
      tenantId,
      userId: ownerId,
      kind: 'record_assigned',
      onceKey: `import-assigned:${importId}`,
      text: `${who} assigned you ${count(Number(rows), 'prospect')} from the import of ${done.fileName}`,
      link: '/crm',
    });
  }
}

/** How a notification names a user: full name, else email. */
async function nameOf(db: DbOrTx, userId: string | null): Promise<string> {
  if (!userId) return 'Someone';
  const [row] = await db.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? row.fullName || row.email : 'Someone';
}

/** The open tasks that came along with a hand-over, named in its notification (the first few, then how many more). */
export function tasksAlong(titles: readonly string[]): string {
  if (titles.length === 0) return '';
  const NAMED = 3;
  const named = titles.slice(0, NAMED).map((title) => `"${title}"`);
  const more = titles.length - named.length;
  const list = more > 0 ? `${named.join(', ')} and ${more} more` : named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0];
  return `, with ${titles.length === 1 ? 'its open task' : `${titles.length} open tasks`}: ${list}`;
}

/**
 * Tells a new owner of the records someone else handed them: one notification per hand-over,
 * however many records (a bulk Assign to), leading to the record when it is one, and naming the
 * open tasks that came along to them (My day and the calendar feed now list them). Written in the
 * transaction of each round of the hand-over (past the owner wall: the assigner may no longer see a
 * record they handed on, and the notification is for a user they may not see), under the
 * hand-over's key: each round brings the one notification up to the records handed so far, so an
 * interrupted hand-over tells of exactly the records it moved.
 */
export async function notifyAssigned(
  tx: DbOrTx,
  handOver: {
    tenantId: string;
    actorId: string | null;
    ownerId: string | null;
    kind: 'prospect' | 'lead';
    /** Names the hand-over: one notification per key. */
    onceKey: string;
    /** The records handed over so far, and the first of them (named when it is the only one). */
    count: number;
    first: { id: string; name: string } | undefined;
    /** The titles of the open tasks that went to the new owner with the records so far. */
    tasks?: readonly string[];
  },
): Promise<void> {
  const { tenantId, actorId, ownerId, kind, count, first } = handOver;
  if (!ownerId || ownerId === actorId || count === 0 || !first) return;
  const who = await nameOf(tx, actorId);
  const along = tasksAlong(handOver.tasks ?? []);
  const one = count === 1;
  await notificationsRepository(tx).upsert({
    tenantId,
    userId: ownerId,
    kind: 'record_assigned',
    onceKey: handOver.onceKey,
    text: (one ? `${who} assigned you the ${kind} ${first.name}${along}` : `${who} assigned you ${count.toLocaleString('en-US')} ${kind}s${along}`).slice(
      0,
      1000,
    ),
    link: one ? `/crm/${kind}s/${first.id}` : kind === 'prospect' ? '/crm' : '/crm?tab=leads',
    prospectId: one && kind === 'prospect' ? first.id : null,
    leadId: one && kind === 'lead' ? first.id : null,
  });
}

/** What a quotation's notification needs of it. */
export interface NotifiedQuotation {
  tenantId: string;
  id: string;
  number: string;
  clientName: string;
  ownerId: string | null;
  createdBy: string | null;
  leadId: string | null;
}

const QUOTATION_EVENTS = {
  quotation_viewed: 'was viewed by the client',
  quotation_accepted: 'was accepted',
  quotation_rejected: 'was rejected',
} as const;

/**
 * Tells a quotation's owner (else its author) that the client opened it for the first time, or
 * decided it, once each (in the transaction of the event). It leads to the quotation's lead when
 * it has one, else to the quotations.
 */
export async function notifyQuotation(tx: DbOrTx, quotation: NotifiedQuotation, kind: keyof typeof QUOTATION_EVENTS): Promise<void> {
  const userId = quotation.ownerId ?? quotation.createdBy;
  if (!userId) return;
  const client = quotation.clientName ? ` for ${quotation.clientName}` : '';
  await notificationsRepository(tx).insert([
    {
      tenantId: quotation.tenantId,
      userId,
      kind,
      onceKey: `${kind}:${quotation.id}`,
      text: `Quotation ${quotation.number}${client} ${QUOTATION_EVENTS[kind]}`,
      link: quotation.leadId ? `/crm/leads/${quotation.leadId}` : '/quotations',
      quotationId: quotation.id,
    },
  ]);
}
