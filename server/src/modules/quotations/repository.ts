import { and, desc, eq, like, ne, sql, type SQL } from 'drizzle-orm';
import type { QuotationStatus } from '@app/shared/contracts';
import type { DbOrTx } from '../../db/client';
import { mailOutbox, quotationDocuments, quotationEvents, quotations, users, type QuotationEventKind } from '../../db/schema';
import { containsPattern } from '../../db/raw-sql';
import { notFound } from '../../lib/refusal';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { ownerFilter, tenantFilter } from '../../tenancy/scope';
import { expiredOn, quotationPage, type QuotationPageResult } from './list-page';

export type QuotationRow = typeof quotations.$inferSelect;
export type QuotationValues = Omit<typeof quotations.$inferInsert, 'tenantId' | 'id'>;

export interface QuotationFilters {
  page: number;
  limit: number;
  q?: string;
  status?: QuotationStatus;
}

/** "expired" is a sent quotation whose valid_until is before today; "sent" is one still valid. */
function statusCondition(status: QuotationStatus, today: string): SQL {
  if (status === 'expired') return expiredOn(today);
  if (status === 'sent') return and(eq(quotations.status, 'sent'), sql`${quotations.validUntil} >= ${today}`)!;
  return eq(quotations.status, status);
}

/** `seen`: the quotations the caller sees (undefined: all). */
function listWhere(seen: SQL | undefined, tenantId: string, filters: QuotationFilters, today: string): SQL {
  const conditions: SQL[] = [eq(quotations.tenantId, tenantId)];
  if (seen) conditions.push(seen);
  if (filters.status) conditions.push(statusCondition(filters.status, today));
  if (filters.q) conditions.push(like(quotations.searchText, containsPattern(filters.q)));
  return and(...conditions)!;
}

export interface QuotationEventInput {
  quotationId: string;
  kind: QuotationEventKind;
  summary: string;
  userId?: string | null;
  actorName?: string | null;
  /** Defaults to now; the demo sample dates its history back. */
  createdAt?: Date;
}

/**
 * A quotation's own rows by tenant and id, which no caller's scope narrows further: the scoped
 * repository below carries them, and the seed writes its samples with them.
 */
export function quotationRecords(db: DbOrTx) {
  return {
    /** Numbers of a day already taken in the tenant (to pick a free one after a collision). */
    async numbersLike(tenantId: string, prefix: string): Promise<Set<string>> {
      const rows = await db
        .select({ number: quotations.number })
        .from(quotations)
        .where(and(eq(quotations.tenantId, tenantId), like(quotations.number, `${prefix}%`)));
      return new Set(rows.map((row) => row.number));
    },

    async insert(tenantId: string, values: QuotationValues): Promise<QuotationRow> {
      const [row] = await db
        .insert(quotations)
        .values({ ...values, tenantId })
        .returning();
      return row;
    },

    /** The quotation's mails still waiting in the outbox, dropped: they carry a link the edit has just ended. */
    async dropQueuedMail(tenantId: string, id: string): Promise<void> {
      await db.delete(mailOutbox).where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.quotationId, id), eq(mailOutbox.status, 'queued')));
    },

    /** The PDF kept when the quotation was decided, if one was. */
    async keptPdf(tenantId: string, quotationId: string): Promise<Buffer | undefined> {
      const [row] = await db
        .select({ pdf: quotationDocuments.pdf })
        .from(quotationDocuments)
        .where(and(eq(quotationDocuments.tenantId, tenantId), eq(quotationDocuments.quotationId, quotationId)))
        .limit(1);
      return row?.pdf;
    },

    /** Keeps a decided quotation's PDF; the first one kept stays. */
    async keepPdf(tenantId: string, quotationId: string, pdf: Buffer): Promise<void> {
      await db.insert(quotationDocuments).values({ tenantId, quotationId, pdf }).onConflictDoNothing();
    },

    async addEvent(tenantId: string, event: QuotationEventInput): Promise<void> {
      await db.insert(quotationEvents).values({ ...event, tenantId });
    },

    /** Whether the client has opened the link since it was last sent. */
    async viewedSinceSent(tenantId: string, quotationId: string): Promise<boolean> {
      const [last] = await db
        .select({ kind: quotationEvents.kind })
        .from(quotationEvents)
        .where(and(eq(quotationEvents.tenantId, tenantId), eq(quotationEvents.quotationId, quotationId), ne(quotationEvents.kind, 'edited')))
        .orderBy(desc(quotationEvents.createdAt), desc(quotationEvents.id))
        .limit(1);
      return last?.kind === 'viewed';
    },

    /** Newest first, with who did it: the staff member's name (else email) or the client's name. */
    history(tenantId: string, quotationId: string) {
      return db
        .select({
          id: quotationEvents.id,
          kind: quotationEvents.kind,
          summary: quotationEvents.summary,
          actor: sql<string | null>`coalesce(${quotationEvents.actorName}, nullif(${users.fullName}, ''), ${users.email})`,
          createdAt: quotationEvents.createdAt,
        })
        .from(quotationEvents)
        .leftJoin(users, eq(users.id, quotationEvents.userId))
        .where(and(eq(quotationEvents.tenantId, tenantId), eq(quotationEvents.quotationId, quotationId)))
        .orderBy(desc(quotationEvents.createdAt), desc(quotationEvents.id));
    },
  };
}

/** Quotations as the caller's database handle sees them (db.scope: the owners whose quotations they see). */
export function quotationsRepository(db: ScopedDbOrTx) {
  const seen = () => ownerFilter(quotations.ownerId, db.scope);
  return {
    ...quotationRecords(db),

    /**
     * A quotation by id alone that the caller sees, in a tenant they use; any other answers
     * not-found (`detail`): another tenant's id tells nothing.
     */
    async visible(id: string, detail: string): Promise<QuotationRow> {
      const [row] = await db
        .select()
        .from(quotations)
        .where(and(eq(quotations.id, id), tenantFilter(quotations.tenantId, db.scope), seen()))
        .limit(1);
      if (!row) throw notFound(detail);
      return row;
    },

    /** The quotation a client's link points at (the link carries no tenant). */
    async findByTokenHash(hash: string): Promise<QuotationRow | undefined> {
      const [row] = await db.select().from(quotations).where(eq(quotations.shareTokenHash, hash)).limit(1);
      return row;
    },

    /** One page of rows with the counters (list-page.ts). */
    page(tenantId: string, filters: QuotationFilters, today: string): Promise<QuotationPageResult> {
      const where = listWhere(seen(), tenantId, filters, today);
      const visibleOnly = ownerFilter(sql.raw('owner_id'), db.scope);
      return quotationPage(db, {
        tenantId,
        where,
        filtered: Boolean(filters.q || filters.status),
        visible: visibleOnly ? sql`and ${visibleOnly}` : undefined,
        limit: filters.limit,
        offset: (filters.page - 1) * filters.limit,
        today,
      });
    },

    async update(tenantId: string, id: string, values: Partial<QuotationValues>, onlyIf?: SQL): Promise<QuotationRow | undefined> {
      const [row] = await db
        .update(quotations)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(quotations.tenantId, tenantId), eq(quotations.id, id), seen(), onlyIf))
        .returning();
      return row;
    },

    /** Deletes the quotation and, in the caller's transaction, its mails: a queued one is not sent after it is gone. */
    async delete(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(quotations)
        .where(and(eq(quotations.tenantId, tenantId), eq(quotations.id, id), seen()))
        .returning({ id: quotations.id });
      if (rows.length === 0) return false;
      // The outbox has no foreign key to quotations to cascade (db/distribution.ts: it is not distributed by tenant).
      await db.delete(mailOutbox).where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.quotationId, id)));
      return true;
    },
  };
}
