import { and, desc, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_CURRENCY } from '@app/shared/contracts';
import type { DbOrTx } from '../../db/client';
import { rowsOf, toInt } from '../../db/raw-sql';
import { quotations } from '../../db/schema';

/** A sent quotation past its valid_until (the day given) is expired: the SQL of effectiveStatus, for filters and counters. */
export const expiredOn = (today: string): SQL => sql`${quotations.status} = 'sent' and ${quotations.validUntil} < ${today}::date`;

export interface QuotationPageResult {
  /** The page's rows, newest first; staffQuotation writes each one's answer. */
  rows: (typeof quotations.$inferSelect)[];
  total: number;
  /** The totals of the quotations in the tenant's currency, added up. */
  totalCents: number;
  /** The tenant's currency (ISO 4217). */
  currency: string;
  /** The quotations in other currencies, which totalCents leaves out. */
  otherCurrencies: number;
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
 * Amounts of two currencies are never added: the total value is that of the quotations in the
 * tenant's currency, and the others are counted apart.
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
  // The tenant's kept counters (a row per currency), or those of the quotations the caller sees.
  const visible = spec.visible ?? sql``;
  const counters = spec.visible
    ? sql`(select currency, count(*) as total, sum(total_cents) as total_cents, count(*) filter (where status = 'accepted') as accepted,
        count(*) filter (where status = 'sent') as sent from quotations where tenant_id = ${spec.tenantId} ${visible} group by currency)`
    : sql`(select currency, total, total_cents, accepted, sent from quotation_counters where tenant_id = ${spec.tenantId})`;
  const [rows, counted] = await Promise.all([
    db.select().from(quotations).where(where).orderBy(desc(quotations.createdAt), desc(quotations.id)).limit(spec.limit).offset(spec.offset),
    db.execute(sql`
      select t.currency, sum(c.total) as total, sum(c.total_cents) filter (where c.currency = t.currency) as total_cents,
        sum(c.total) filter (where c.currency <> t.currency) as other_currencies, sum(c.accepted) as accepted,
        coalesce(sum(c.sent), 0) - (select count(*) from quotations where ${and(sql`tenant_id = ${spec.tenantId}`, expiredOn(spec.today))} ${visible}) as pending,
        ${filtered} as filtered
      from tenants t left join ${counters} c on true
      where t.id = ${spec.tenantId}
      group by t.currency`),
  ]);
  // No row: a tenant that does not exist (an admin may name any id) has no quotations.
  const [row = { currency: DEFAULT_CURRENCY, total: 0, total_cents: 0, other_currencies: 0, accepted: 0, pending: 0, filtered: spec.filtered ? 0 : null }] =
    rowsOf<{
      currency: string;
      total: unknown;
      total_cents: unknown;
      other_currencies: unknown;
      accepted: unknown;
      pending: unknown;
      filtered: unknown;
    }>(counted);
  return {
    rows,
    total: toInt(row.total),
    totalCents: toInt(row.total_cents),
    currency: row.currency,
    otherCurrencies: toInt(row.other_currencies),
    accepted: toInt(row.accepted),
    pending: toInt(row.pending),
    filtered: row.filtered === null ? null : toInt(row.filtered),
  };
}
