import type { AssignFilter } from '@app/shared/contracts';
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { changedRows } from '../../db/raw-sql';
import type { leads, prospects } from '../../db/schema';
import { withSystemContext } from '../../db/wall/context';
import { visibleOwnerCondition, type RecordViewer } from '../../tenancy/owner-scope';
import { companyFilters, filterConditions } from './company-record';

type CompanyRecords = typeof prospects | typeof leads;

/** The records an Assign to names: its ids, or every record of the list's filter. */
export interface AssignTarget {
  ids?: string[];
  filter?: AssignFilter;
}

/** Rows read and handed over per round: a whole `ids` request in one, a filter of a million rows in steps. */
export const ASSIGN_BATCH = 10_000;

/**
 * Hands the records the caller sees among the target to `ownerId` (null: unassigned); answers how
 * many changed owner. Records of another tenant, those the caller may not see and those the owner
 * already has are left alone and not counted. `listed` is what a record must be to be on its list
 * (prospects: active ones). A filter's rows go in rounds of ASSIGN_BATCH, each its own change.
 */
export async function assignRecords(
  db: Db,
  table: CompanyRecords,
  options: { tenantId: string; user: RecordViewer; ownerId: string | null; target: AssignTarget; listed?: SQL },
): Promise<number> {
  const { tenantId, user, ownerId, target, listed } = options;
  const chosen = target.ids
    ? [sql`${table.id} = any(${sql.param(target.ids)}::uuid[])`]
    : filterConditions(table, tenantId, companyFilters({ ...target.filter, page: 1, limit: 1 }, {}, user.id));
  const changes = sql`${table.ownerId} is distinct from ${ownerId}::uuid`;
  const candidates = and(eq(table.tenantId, tenantId), listed, visibleOwnerCondition(table.ownerId, user), changes, ...chosen)!;

  let updated = 0;
  let after: string | undefined;
  for (;;) {
    // Read as the caller: the service's filter and the database's owner wall both decide what is seen.
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(after ? and(candidates, gt(table.id, after)) : candidates)
      .orderBy(asc(table.id))
      .limit(ASSIGN_BATCH);
    if (rows.length === 0) break;
    const ids = rows.map((row) => row.id);
    // Changed as the system, exactly those rows: an UPDATE that reads the table must leave each row
    // readable by its caller (PostgreSQL checks the new row against the SELECT policy), so a user
    // who sees only their own records could not hand one to a colleague as themselves.
    const result = await withSystemContext('assigning records the caller sees', () =>
      db
        .update(table)
        .set({ ownerId })
        .where(and(eq(table.tenantId, tenantId), sql`${table.id} = any(${sql.param(ids)}::uuid[])`, changes)),
    );
    updated += changedRows(result);
    if (rows.length < ASSIGN_BATCH) break;
    after = ids[ids.length - 1];
  }
  return updated;
}
