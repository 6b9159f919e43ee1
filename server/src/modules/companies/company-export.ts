import { sql, type SQL } from 'drizzle-orm';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { rowsOf } from '../../db/raw-sql';
import { COMPANY_JOINS, jsonColumns, NEWEST_FIRST, type CompanyTable, type PageOrder } from './company-page';

/** The most rows one export holds (a list of more is narrowed first). */
export const EXPORT_ROW_LIMIT = 100_000;

/** Rows fetched from the cursor at a time: enough to keep round trips few, few enough to keep memory flat. */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * How the list names a record's owner: Unassigned, the user's name (else email), or "Other user"
 * for one who is inactive or at home in another tenant (remotes/crm/src/lib/owners.ts says the same).
 */
const OWNER_LABEL = `case when t.owner_id is null then 'Unassigned'
      when u.id is null then 'Other user'
      else coalesce(nullif(trim(u.full_name), ''), u.email) end`;

export interface CompanyExportQuery {
  table: CompanyTable;
  /** The list's conditions on the table's own columns (the caller's visibility among them). */
  where: SQL;
  order?: PageOrder;
}

/** A row of an export: the list's row (jsonColumns) and its owner's name. */
export type ExportRow<Row> = Row & { owner_name: string };

/**
 * The list's rows in its order, read through a cursor in one transaction (one snapshot, so the
 * batches neither skip nor repeat a row however the table changes meanwhile) and handed to
 * `onBatch` EXPORT_BATCH_SIZE at a time; the next batch is fetched only after `onBatch` settles,
 * so a slow reader holds back the database instead of filling memory. Each row is the same JSON
 * the list's page holds, plus the owner's name.
 */
export async function forEachExportBatch<Row>(
  db: ScopedDbOrTx,
  query: CompanyExportQuery,
  onBatch: (rows: ExportRow<Row>[]) => Promise<void>,
): Promise<number> {
  const table = sql.raw(query.table);
  const order = query.order ?? NEWEST_FIRST;
  const select = sql`select row_to_json(r)::text as row from (
      select ${sql.raw(jsonColumns(query.table))}, ${sql.raw(OWNER_LABEL)} as owner_name
      from (select * from ${table} where ${query.where} order by ${sql.raw(order(''))} limit ${EXPORT_ROW_LIMIT}) t
      ${sql.raw(COMPANY_JOINS)}
      left join users u on u.id = t.owner_id and u.tenant_id = t.tenant_id and u.is_active
      order by ${sql.raw(order('t.'))}) r`;
  return db.transaction(async (tx) => {
    // The rows go to a spool, never straight to a client, so the transaction lasts as long as the
    // database takes to read them. These bound it all the same: a statement of more than a minute, or
    // the reader stalled for 30 s between two batches, ends it and gives the connection back.
    await tx.execute(sql`select set_config('statement_timeout', '60s', true), set_config('idle_in_transaction_session_timeout', '30s', true)`);
    await tx.execute(sql`declare list_export no scroll cursor for ${select}`);
    let total = 0;
    for (;;) {
      const batch = rowsOf<{ row: string }>(await tx.execute(sql.raw(`fetch forward ${EXPORT_BATCH_SIZE} from list_export`)));
      if (batch.length === 0) break;
      total += batch.length;
      await onBatch(batch.map(({ row }) => JSON.parse(row) as ExportRow<Row>));
      if (batch.length < EXPORT_BATCH_SIZE) break;
    }
    await tx.execute(sql`close list_export`);
    return total;
  });
}
