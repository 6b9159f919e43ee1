import { QUOTATION_ALREADY_DECIDED, QUOTATION_EXPIRED, QUOTATION_NOT_FOUND, type PublicQuotation } from '@app/shared/contracts';
import { and, eq, gte } from 'drizzle-orm';
import { quotations } from '../../db/schema';
import { conflict, gone, notFound } from '../../lib/refusal';
import { NO_ACTOR, auditRepository } from '../audit';
import { notifyQuotation } from '../notifications';
import { localDate } from '../../lib/today';
import type { Database, ScopedDb } from '../../tenancy/database';
import { moveLeadOnAcceptance } from '../leads';
import { keepDecidedPdf, quotationPdf } from './decided-pdf';
import type { PdfRenderer } from './pdf-renderer';
import { effectiveStatus, publicQuotation, quotationTarget } from './quotation-record';
import { quotationsRepository, type QuotationRow } from './repository';
import type { ShareLinks } from './share-link';

/** The client of a quotation has no login: the signed link alone says which quotation (of any tenant) it opens. */
const PUBLIC_LINK = 'public quotation link';

/** What a client does through the link: no login, no tenant; the token is the only key. */
export function publicQuotationsService(database: Database, links: ShareLinks, pdfs: PdfRenderer) {
  /** Unknown and revoked links look the same; an expired one says so. */
  async function open(db: ScopedDb, token: string): Promise<{ row: QuotationRow; today: string }> {
    const row = await quotationsRepository(db).findByTokenHash(links.hashOf(token));
    if (!row) throw notFound(QUOTATION_NOT_FOUND);
    const today = localDate();
    if (effectiveStatus(row, today) === 'expired') throw gone(QUOTATION_EXPIRED);
    return { row, today };
  }

  async function decide(
    token: string,
    clientIp: string | null,
    values: Partial<typeof quotations.$inferInsert>,
    event: { kind: 'accepted' | 'rejected'; summary: string; actorName: string | null },
  ) {
    const db = database.asSystem(PUBLIC_LINK);
    const { row, today } = await open(db, token);
    if (row.status !== 'sent') throw conflict(QUOTATION_ALREADY_DECIDED);
    const decided = await db.transaction(async (tx) => {
      // Only a sent, still valid quotation is decided; a second answer at the same moment finds none.
      const next = await quotationsRepository(tx).update(
        row.tenantId,
        row.id,
        { ...values, decidedAt: new Date() },
        and(eq(quotations.status, 'sent'), gte(quotations.validUntil, today)),
      );
      if (next) {
        await quotationsRepository(tx).addEvent(row.tenantId, { quotationId: row.id, ...event });
        await notifyQuotation(tx, next, `quotation_${event.kind}`);
        // The client acts through the link, signed in as nobody: the trail names them as they did.
        const actor = { ...NO_ACTOR, clientIp };
        await auditRepository(tx).record(actor, {
          ...quotationTarget(next),
          action: `quotation.${event.kind}`,
          details: { number: next.number, by: event.actorName },
        });
        if (next.status === 'accepted' && next.leadId) await moveLeadOnAcceptance(tx, { ...next, leadId: next.leadId }, null, actor);
        // The PDF of this moment is kept with the decision (decided-pdf.ts).
        await keepDecidedPdf(tx, pdfs, next, today);
      }
      return next;
    });
    if (!decided) throw conflict(QUOTATION_ALREADY_DECIDED);
    return publicQuotation(decided, today);
  }

  return {
    /** The client's view; the first opening after each sending is kept in the history. */
    async view(token: string): Promise<PublicQuotation> {
      const db = database.asSystem(PUBLIC_LINK);
      const { row, today } = await open(db, token);
      if (row.status === 'sent' && !(await quotationsRepository(db).viewedSinceSent(row.tenantId, row.id))) {
        await db.transaction(async (tx) => {
          await quotationsRepository(tx).addEvent(row.tenantId, { quotationId: row.id, kind: 'viewed', summary: 'Viewed by the client' });
          // Its owner hears of the first view only, not of each sending's.
          await notifyQuotation(tx, row, 'quotation_viewed');
        });
      }
      return publicQuotation(row, today);
    },

    async pdf(token: string): Promise<{ filename: string; bytes: Buffer }> {
      const db = database.asSystem(PUBLIC_LINK);
      const { row, today } = await open(db, token);
      return { filename: `${row.number}.pdf`, bytes: await quotationPdf(db, pdfs, row, today) };
    },

    accept(token: string, name: string, clientIp: string | null): Promise<PublicQuotation> {
      return decide(token, clientIp, { status: 'accepted', acceptedBy: name }, { kind: 'accepted', summary: `Accepted by ${name}`, actorName: name });
    },

    reject(token: string, reason: string, clientIp: string | null): Promise<PublicQuotation> {
      const summary = reason ? `Rejected by the client: ${reason}` : 'Rejected by the client';
      return decide(token, clientIp, { status: 'rejected', rejectionReason: reason || null }, { kind: 'rejected', summary, actorName: null });
    },
  };
}
