import { sql, type SQL } from 'drizzle-orm';
import { QUOTATION_TEXT_FIELDS } from '@app/shared/contracts';
import type { DbOrTx } from '../../db/client';
import { rowsOf, toInt } from '../../db/raw-sql';

/**
 * The list is the busiest call of the area: one statement answers the page as the API's JSON
 * (written by the database, as the CRM lists are), the tenant's counters and, when filtered,
 * the filtered total. The fields and formats are those of staffQuotation (tests hold them
 * equal); only share_url is left to Node, which alone can sign the link.
 */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
// float8 division is correctly rounded, as cents / 100 is in JavaScript: the same number either way.
const dollars = (cents: string) => `(${cents})::float8 / 100`;

const TEXT_COLUMNS = ['number', ...QUOTATION_TEXT_FIELDS, 'accepted_by', 'rejection_reason'];

function jsonColumns(today: SQL): SQL {
  const plain = [
    'p.id',
    'p.tenant_id',
    'p.lead_id',
    ...TEXT_COLUMNS.map((column) => `p.${column}`),
    `${dollars('p.additional_storage_rate_cents')} as additional_storage_rate`,
    `${dollars('p.tax_rate_bp')} as tax_rate`,
    `${dollars('p.discount_rate_bp')} as discount_rate`,
    `to_char(p.quote_date, 'YYYY-MM-DD') as quote_date`,
    `to_char(p.valid_until, 'YYYY-MM-DD') as valid_until`,
    'p.items',
    `${dollars('p.subtotal_cents')} as subtotal`,
    `${dollars('p.discount_cents')} as discount_amount`,
    `${dollars('p.tax_cents')} as tax_amount`,
    `${dollars('p.total_cents')} as total`,
    `'USD' as currency`,
    `${iso('p.decided_at')} as decided_at`,
    `${iso('p.sent_at')} as sent_at`,
    `${iso('p.created_at')} as created_at`,
    `${iso('p.updated_at')} as updated_at`,
    'p.share_nonce',
  ].join(', ');
  return sql`${sql.raw(plain)}, case when p.status = 'sent' and p.valid_until < ${today} then 'expired' else p.status end as status`;
}

export interface QuotationPageResult {
  rows: string;
  total: number;
  totalCents: number;
  accepted: number;
  pending: number;
  /** The filtered total; null without filters (then it is `total`). */
  filtered: number | null;
}

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
  const today = sql`${spec.today}::date`;
  const where = spec.where;
  const filtered = spec.filtered ? sql`(select count(*) from quotations where ${where})` : sql`null::bigint`;
  // The tenant's kept counters, or those of the quotations the caller sees.
  const visible = spec.visible ?? sql``;
  const counters = spec.visible
    ? sql`(select tenant_id, count(*) as total, sum(total_cents) as total_cents, count(*) filter (where status = 'accepted') as accepted,
        count(*) filter (where status = 'sent') as sent from quotations where tenant_id = ${spec.tenantId} ${visible} group by tenant_id)`
    : sql`quotation_counters`;
  const [row] = rowsOf<{ total: unknown; total_cents: unknown; accepted: unknown; pending: unknown; filtered: unknown; rows: string }>(
    await db.execute(sql`
      with page as (select * from quotations where ${where} order by created_at desc, id desc limit ${spec.limit} offset ${spec.offset})
      select c.total, c.total_cents, c.accepted,
        c.sent - (select count(*) from quotations where tenant_id = ${spec.tenantId} and status = 'sent' and valid_until < ${today} ${visible}) as pending,
        ${filtered} as filtered,
        coalesce((select json_agg(r) from (select ${jsonColumns(today)} from page p order by p.created_at desc, p.id desc) r), '[]')::text as rows
      from (select 1) one left join ${counters} c on c.tenant_id = ${spec.tenantId}`),
  );
  return {
    rows: row.rows,
    total: toInt(row.total),
    totalCents: toInt(row.total_cents),
    accepted: toInt(row.accepted),
    pending: toInt(row.pending),
    filtered: row.filtered === null ? null : toInt(row.filtered),
  };
}
