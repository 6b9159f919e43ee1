import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { leads, prospectImports, prospects, users } from '../../db/schema';
import { passOwnerWall, type ScopedDbOrTx } from '../../tenancy/database';
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
 * however many records (a bulk Assign to, an import's rows), leading to the record when it is one,
 * and naming the open tasks that came along to them (My day and the calendar feed now list them).
 * Runs past the owner wall in a transaction of its own: the assigner may no longer see a record
 * they handed on, and the notification is written for a user they may not see.
 */
export async function notifyAssigned(
  db: ScopedDbOrTx,
  handOver: {
    tenantId: string;
    actorId: string | null;
    ownerId: string | null;
    kind: 'prospect' | 'lead';
    ids: readonly string[];
    fileName?: string;
    /** The titles of the open tasks that went to the new owner with the records. */
    tasks?: readonly string[];
  },
): Promise<void> {
  const { tenantId, actorId, ownerId, kind, ids } = handOver;
  if (!ownerId || ownerId === actorId || ids.length === 0) return;
  await passOwnerWall(db, 'telling a new owner of the records handed to them', async (tx) => {
    const who = await nameOf(tx, actorId);
    const table = kind === 'prospect' ? prospects : leads;
    const from = handOver.fileName ? ` from the import of ${handOver.fileName}` : '';
    const along = tasksAlong(handOver.tasks ?? []);
    if (ids.length === 1) {
      const [record] = await tx
        .select({ name: table.name })
        .from(table)
        .where(and(eq(table.tenantId, tenantId), eq(table.id, ids[0]!)))
        .limit(1);
      if (!record) return;
      await notify(tx, actorId, [
        {
          tenantId,
          userId: ownerId,
          kind: 'record_assigned',
          text: `${who} assigned you the ${kind} ${record.name}${from}${along}`.slice(0, 1000),
          link: `/crm/${kind}s/${ids[0]}`,
          ...(kind === 'prospect' ? { prospectId: ids[0] } : { leadId: ids[0] }),
        },
      ]);
      return;
    }
    await notify(tx, actorId, [
      {
        tenantId,
        userId: ownerId,
        kind: 'record_assigned',
        text: `${who} assigned you ${ids.length.toLocaleString('en-US')} ${kind}s${from}${along}`.slice(0, 1000),
        link: kind === 'prospect' ? '/crm' : '/crm?tab=leads',
      },
    ]);
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
