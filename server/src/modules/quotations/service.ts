import type { FastifyBaseLogger } from 'fastify';
import {
  QUOTATION_ALREADY_DECIDED,
  QUOTATION_LOCKED,
  QUOTATION_NOT_FOUND,
  type Quotation,
  type QuotationDetail,
  type QuotationDraft,
  type QuotationHistoryResponse,
  type QuotationListQuery,
  type QuotationListResponse,
  type SendQuotationResponse,
} from '@app/shared/contracts';
import { centsToDollars, quotationDates } from '@app/shared/quotations';
import { and, eq, gte, inArray } from 'drizzle-orm';
import type { ScopedDb, ScopedTx } from '../../tenancy/database';
import { quotations } from '../../db/schema';
import { isForeignKeyViolation } from '../../http/errors';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import type { Mailer, OutboundMail } from '../../mail/mailer';
import { outboxRepository } from '../../mail/outbox-repository';
import { userScopeOf } from '../../tenancy/scope';
import { type AuditActor, auditRepository } from '../audit';
import { activitiesRepository } from '../activities';
import { localDate } from '../../lib/today';
import { leadsRepository, moveLeadOnAcceptance } from '../leads';
import { tenantsRepository } from '../tenants';
import { insertWithFreeNumber } from './numbering';
import { keepDecidedPdf, quotationPdf } from './decided-pdf';
import type { PdfRenderer } from './pdf-renderer';
import { draftColumns, quotationTarget, rowDraft, staffQuotation } from './quotation-record';
import { quotationsRepository, type QuotationRow } from './repository';
import type { SendLimiter } from './send-limits';
import { linkExpiresAt, type ShareLinks } from './share-link';

export interface QuotationsServiceDeps {
  links: ShareLinks;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Caps how often a quotation, and a user, may send (each send mails the client). */
  sendLimits: SendLimiter;
  pdfs: PdfRenderer;
}

type ListFilters = Omit<QuotationListQuery, 'tenant_id'> & { page: number; limit: number };

export const QUOTATION_DECIDED_SEND = 'This quotation has already been answered by the client. Duplicate it to send a new one.';
export const QUOTATION_PAST_VALIDITY = 'valid_until: the quotation is past its validity. Edit it to extend valid_until before sending.';
export const QUOTATION_NOT_SENT = 'Send the quotation before recording its acceptance.';
const LEAD_NOT_IN_TENANT = 'lead_id: Lead not found.';
const TENANT_NOT_FOUND = 'tenant_id: Tenant not found.';

/** Quotations as staff make and send them: each call on the caller's database (request.db), whose scope says whose quotations they see. */
export function quotationsService({ links, mailer, log, sendLimits, pdfs }: QuotationsServiceDeps) {
  /** `origin` is where links go (request.linkOrigin()): PUBLIC_URL, or the allowed host staff reached the server at. */
  const dto = (row: QuotationRow, origin: string, today = localDate()): Quotation => staffQuotation(row, today, links.urlOf(row.shareNonce, origin));

  /** The quotation of a by-id call: another tenant's answers the same 404 as a missing one. */
  async function load(db: ScopedDb, id: string): Promise<{ tenantId: string; row: QuotationRow }> {
    const row = await quotationsRepository(db).visible(id, QUOTATION_NOT_FOUND);
    return { tenantId: row.tenantId, row };
  }

  /**
   * `within` adds work to the insert's transaction, given the new row. The quotation is in
   * `currency`, else in its tenant's currency as the transaction reads it.
   */
  async function insert(
    db: ScopedDb,
    tenantId: string,
    draft: QuotationDraft,
    summary: string,
    origin: string,
    within?: (tx: ScopedTx, created: QuotationRow) => Promise<void>,
    currency?: string,
  ): Promise<Quotation> {
    const userId = userScopeOf(db.scope).userId;
    const today = localDate();
    const leadId = draft.lead_id ?? null;
    if (leadId && (await leadsRepository(db).tenantOf(leadId)) !== tenantId) throw badRequest(LEAD_NOT_IN_TENANT);
    const row = await insertWithFreeNumber(db, tenantId, today, async (tx, number) => {
      const created = await quotationsRepository(tx).insert(tenantId, {
        ...draftColumns(draft, today),
        currency: currency ?? (await tenantsRepository(tx).currency(tenantId)),
        number,
        status: 'draft',
        leadId,
        createdBy: userId,
        ownerId: userId,
      });
      await quotationsRepository(tx).addEvent(tenantId, {
        quotationId: created.id,
        kind: 'created',
        summary: summary.replace('{number}', number),
        userId,
      });
      if (leadId) {
        const title = draft.title ? `: ${draft.title}` : '';
        await activitiesRepository(tx).add(tenantId, { leadId, userId, kind: 'quotation', summary: `Quotation ${number} created${title}` });
      }
      await within?.(tx, created);
      return created;
    }).catch((error: unknown) => {
      // An admin may name any tenant id; one that does not exist is the caller's mistake.
      if (isForeignKeyViolation(error, 'quotations_tenant_id_tenants_id_fk')) throw badRequest(TENANT_NOT_FOUND);
      throw error;
    });
    return dto(row, origin, today);
  }

  return {
    /** A page of quotations, each written by the same dto as the detail, with the counters. */
    async list(db: ScopedDb, tenantId: string, filters: ListFilters, origin: string): Promise<QuotationListResponse> {
      const today = localDate();
      const page = await quotationsRepository(db).page(tenantId, filters, today);
      return {
        quotations: page.rows.map((row) => dto(row, origin, today)),
        pagination: { total: page.filtered ?? page.total, page: filters.page, limit: filters.limit },
        summary: {
          total: page.total,
          total_value: centsToDollars(page.totalCents),
          currency: page.currency,
          other_currencies: page.otherCurrencies,
          accepted: page.accepted,
          pending: page.pending,
        },
      };
    },

    /** One quotation, with the state of its latest mail to the client (null: none was ever queued). */
    async get(db: ScopedDb, id: string, origin: string): Promise<QuotationDetail> {
      const { tenantId, row } = await load(db, id);
      const mail = await outboxRepository(db).latestQuotationMail(tenantId, id);
      return {
        ...dto(row, origin),
        mail: mail
          ? { status: mail.status, attempts: mail.attempts, last_error: mail.lastError, sent_at: mail.sentAt?.toISOString() ?? null, to: mail.toAddress }
          : null,
      };
    },

    create(db: ScopedDb, tenantId: string, draft: QuotationDraft, origin: string, actor: AuditActor): Promise<Quotation> {
      return insert(db, tenantId, draft, 'Quotation {number} created', origin, (tx, created) =>
        auditRepository(tx).record(actor, {
          ...quotationTarget(created),
          action: 'quotation.created',
          details: { number: created.number, title: created.title },
        }),
      );
    },

    /** A copy keeps its original's currency: its prices are amounts of that currency, whatever the tenant's is now. */
    async duplicate(db: ScopedDb, id: string, actor: AuditActor, origin: string): Promise<Quotation> {
      const { tenantId, row } = await load(db, id);
      const draft = { ...rowDraft(row), ...quotationDates(localDate()), lead_id: null };
      return insert(
        db,
        tenantId,
        draft,
        `Quotation {number} created as a copy of ${row.number}`,
        origin,
        (tx, copy) =>
          auditRepository(tx).record(actor, {
            ...quotationTarget(copy),
            action: 'quotation.duplicated',
            details: { number: copy.number, copy_of: row.number, copy_of_id: row.id },
          }),
        row.currency,
      );
    },

    /** The whole draft again. A sent quotation goes back to draft and its link stops working. */
    async update(db: ScopedDb, id: string, draft: QuotationDraft, origin: string, actor: AuditActor): Promise<Quotation> {
      const { tenantId, row } = await load(db, id);
      const userId = userScopeOf(db.scope).userId;
      if (row.status === 'accepted' || row.status === 'rejected') throw conflict(QUOTATION_LOCKED);
      const today = localDate();
      const wasSent = row.status === 'sent';
      const updated = await db.transaction(async (tx) => {
        const next = await quotationsRepository(tx).update(
          tenantId,
          id,
          { ...draftColumns(draft, today), status: 'draft', shareNonce: null, shareTokenHash: null, sentAt: null },
          // The client may decide at the same moment: their decision wins, the edit is refused.
          inArray(quotations.status, ['draft', 'sent']),
        );
        if (!next) return undefined;
        // A mail still queued would hand the client the link this edit ends: it goes with the link.
        if (wasSent) await quotationsRepository(tx).dropQueuedMail(tenantId, id);
        const summary = wasSent ? "Edited; back to draft, the client's link no longer works" : 'Edited';
        await quotationsRepository(tx).addEvent(tenantId, { quotationId: id, kind: 'edited', summary, userId });
        await auditRepository(tx).record(actor, { ...quotationTarget(next), action: 'quotation.updated', details: { number: next.number, was_sent: wasSent } });
        return next;
      });
      if (!updated) throw conflict(QUOTATION_LOCKED);
      return dto(updated, origin, today);
    },

    async remove(db: ScopedDb, id: string, actor: AuditActor): Promise<void> {
      const { tenantId, row } = await load(db, id);
      await db.transaction(async (tx) => {
        if (!(await quotationsRepository(tx).delete(tenantId, id))) throw notFound(QUOTATION_NOT_FOUND);
        // The number is kept in the entry: the quotation itself is gone.
        await auditRepository(tx).record(actor, {
          ...quotationTarget(row),
          action: 'quotation.deleted',
          details: { number: row.number, title: row.title, status: row.status, client_name: row.clientName },
        });
      });
    },

    async pdf(db: ScopedDb, id: string): Promise<{ filename: string; bytes: Buffer }> {
      const { row } = await load(db, id);
      return { filename: `${row.number}.pdf`, bytes: await quotationPdf(db, pdfs, row, localDate()) };
    },

    async history(db: ScopedDb, id: string): Promise<QuotationHistoryResponse> {
      const { tenantId } = await load(db, id);
      const rows = await quotationsRepository(db).history(tenantId, id);
      return { history: rows.map((row) => ({ id: row.id, kind: row.kind, summary: row.summary, actor: row.actor, created_at: row.createdAt.toISOString() })) };
    },

    /**
     * Makes (or keeps) the client's link and queues its mail when the client has an address: the
     * mail is written to the outbox in the transaction that marks the quotation sent, so it is
     * delivered (and tried again) whatever happens to this request. Sending again queues it again.
     */
    async send(db: ScopedDb, id: string, actor: AuditActor, origin: string): Promise<SendQuotationResponse> {
      const { tenantId, row } = await load(db, id);
      const userId = userScopeOf(db.scope).userId;
      if (row.status === 'accepted' || row.status === 'rejected') throw conflict(QUOTATION_DECIDED_SEND);
      const today = localDate();
      if (row.validUntil < today) throw badRequest(QUOTATION_PAST_VALIDITY);
      // Counted once the send would go out: refused attempts mail nothing and a stranger cannot use up a quotation's sends.
      await sendLimits.take(userId, id);
      const nonce = row.shareNonce ?? links.newNonce();
      const token = links.tokenOf(nonce);
      const shareUrl = links.urlOf(nonce, origin)!;
      const sent = await db.transaction(async (tx) => {
        const updated = await quotationsRepository(tx).update(
          tenantId,
          id,
          { status: 'sent', shareNonce: nonce, shareTokenHash: links.hashOf(token), sentAt: new Date() },
          inArray(quotations.status, ['draft', 'sent']),
        );
        if (!updated) return undefined;
        const mailed = updated.clientEmail !== '' && mailer.configured;
        if (updated.clientEmail) {
          await outboxRepository(tx).enqueue({ tenantId, quotationId: id, mail: quotationMail(updated, shareUrl), configured: mailer.configured });
        }
        const to = updated.clientEmail ? ` to ${updated.clientEmail}` : '';
        const summary = mailed ? `Sent${to}` : `Sent; the link was not mailed${updated.clientEmail ? ' (mail is not set up)' : ' (no client email)'}`;
        await quotationsRepository(tx).addEvent(tenantId, { quotationId: id, kind: 'sent', summary, userId });
        await auditRepository(tx).record(actor, { ...quotationTarget(updated), action: 'quotation.sent', details: { number: updated.number, mailed } });
        return { row: updated, mailed };
      });
      if (!sent) throw conflict(QUOTATION_DECIDED_SEND);
      if (!sent.row.clientEmail) log.info({ quotation: sent.row.number }, 'Quotation link not mailed: the quotation has no client email.');
      else if (!mailer.configured)
        log.warn({ quotation: sent.row.number }, 'Quotation link not mailed: SMTP_URL is not set. Copy the link from the quotation instead.');
      return { status: 'sent', share_url: shareUrl, expires_at: linkExpiresAt(sent.row.validUntil), mailed: sent.mailed };
    },
    /**
     * The client accepted outside the link (on the phone, on paper): staff record it under the
     * client's name, as the link would, and the lead it was made from moves as it would then.
     */
    async accept(db: ScopedDb, id: string, name: string, actor: AuditActor, origin: string): Promise<Quotation> {
      const { tenantId, row } = await load(db, id);
      const userId = userScopeOf(db.scope).userId;
      if (row.status !== 'sent') throw conflict(row.status === 'draft' ? QUOTATION_NOT_SENT : QUOTATION_ALREADY_DECIDED);
      const today = localDate();
      if (row.validUntil < today) throw badRequest(QUOTATION_PAST_VALIDITY);
      const accepted = await db.transaction(async (tx) => {
        const next = await quotationsRepository(tx).update(
          tenantId,
          id,
          { status: 'accepted', acceptedBy: name, decidedAt: new Date() },
          and(eq(quotations.status, 'sent'), gte(quotations.validUntil, today)),
        );
        if (!next) return undefined;
        await quotationsRepository(tx).addEvent(tenantId, {
          quotationId: id,
          kind: 'accepted',
          summary: `Accepted by ${name} (recorded by staff)`,
          userId,
        });
        await auditRepository(tx).record(actor, { ...quotationTarget(next), action: 'quotation.accepted', details: { number: next.number, by: name } });
        await keepDecidedPdf(tx, pdfs, next, today);
        if (next.leadId) await moveLeadOnAcceptance(tx, { ...next, leadId: next.leadId }, userId, actor);
        return next;
      });
      if (!accepted) throw conflict(QUOTATION_ALREADY_DECIDED);
      return dto(accepted, origin, today);
    },
  };
}

function quotationMail(row: QuotationRow, link: string): OutboundMail {
  return { kind: 'quotation', to: row.clientEmail, number: row.number, title: row.title, companyName: row.companyName, link, validUntil: row.validUntil };
}
