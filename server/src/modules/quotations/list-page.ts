import { and, desc, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf, toInt } from '../../db/raw-sql';
import { quotations } from '../../db/schema';

/** A sent quotation past its valid_until (the day given) is expired: the SQL of effectiveStatus, for filters and counters. */
export const expiredOn = (today: string): SQL => sql`${quotations.status} = 'sent' and ${quotations.validUntil} < ${today}::date`;

export interface QuotationPageResult {
  /** The page's rows, newest first; staffQuotation writes each one's answer. */
  rows: (typeof quotations.$inferSelect)[];
  total: number;
  totalCents: number;
  accepted: number;
  pending: number;
  /** The filtered total; null without filters (then it is `total`). */
  filtered: number | null;
}

/**
 * A page of quotations with the tenant's counters and, when filtered, the filtered total. The
 * rows come back as rows, not as JSON the database wrote: a quotation's answer carries its link,
 * which only Node can sign, and the client's page shares most of its fields, so staffQuotation
 * (quotation-record.ts) is its one writer for the list, the detail and every change alike.
 */
export async function quotationPage(
  db: DbOrTx,
  spec: {
    tenantId: string;
    where: SQL;
    filtered: boolean;
    /**
     * The caller sees only some owners' quotations: `and` that condition over a quotation's own
     * (unqualified) columns. The counters are then those of the quotations they see, added up here.
     */
    visible?: SQL;
    limit: number;
    offset: number;
    today: string;
  },
): Promise<QuotationPageResult> {
  const where = spec.where;
  const filtered = spec.filtered ? sql`(select count(*) from quotations where ${where})` : sql`null::bigint`;
  // The tenant's kept counters, or those of the quotations the caller sees.
  const visible = spec.visible ?? sql``;
  const counters = spec.visible
    ? sql`(select tenant_id, count(*) as total, sum(total_cents) as total_cents, count(*) filter (where status = 'accepted') as accepted,
        count(*) filter (where status = 'sent') as sent from quotations where tenant_id = ${spec.tenantId} ${visible} group by tenant_id)`
    : sql`quotation_counters`;
  const [rows, counted] = await Promise.all([
    db.select().from(quotations).where(where).orderBy(desc(quotations.createdAt), desc(quotations.id)).limit(spec.limit).offset(spec.offset),
    db.execute(sql`
      select c.total, c.total_cents, c.accepted,
        c.sent - (select count(*) from quotations where ${and(sql`tenant_id = ${spec.tenantId}`, expiredOn(spec.today))} ${visible}) as pending,
        ${filtered} as filtered
      from (select 1) one left join ${counters} c on c.tenant_id = ${spec.tenantId}`),
  ]);
  const [row] = rowsOf<{ total: unknown; total_cents: unknown; accepted: unknown; pending: unknown; filtered: unknown }>(counted);
  return {
    rows,
    total: toInt(row.total),
    totalCents: toInt(row.total_cents),
    accepted: toInt(row.accepted),
    pending: toInt(row.pending),
    filtered: row.filtered === null ? null : toInt(row.filtered),
  };
}
