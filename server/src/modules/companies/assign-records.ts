import type { AssignFilter } from '@app/shared/contracts';
import { forbidden } from '../../http/errors';
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { BULK_ASSIGN_NEEDS_VISIBILITY } from '@app/shared/contracts';
import type { Db } from '../../db/client';
import type { leads, prospects } from '../../db/schema';
import { passOwnerWall } from '../../db/wall/owner-wall';
import { ownerFilter, userScope, type ScopeUser } from '../../tenancy/scope';
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
 * Answers the ids that changed owner. A user who sees only their own records hands over one
 * record at a time: a request that would change more is refused (403) with nothing changed.
 */
export async function assignRecords(
  db: Db,
  table: CompanyRecords,
  options: { tenantId: string; user: ScopeUser; ownerId: string | null; target: AssignTarget; listed?: SQL },
): Promise<string[]> {
  const { tenantId, user, ownerId, target, listed } = options;
  const scope = userScope(user);
  const chosen = target.ids
    ? [sql`${table.id} = any(${sql.param(target.ids)}::uuid[])`]
    : filterConditions(scope, table, tenantId, companyFilters({ ...target.filter, page: 1, limit: 1 }, {}, user.id));
  const changes = sql`${table.ownerId} is distinct from ${ownerId}::uuid`;
  const candidates = and(eq(table.tenantId, tenantId), listed, ownerFilter(table.ownerId, scope), changes, ...chosen)!;

  if (!mayAssignInBulk(user)) {
    if ((target.ids?.length ?? 0) > 1) throw forbidden(BULK_ASSIGN_NEEDS_VISIBILITY);
    const some = await db.select({ id: table.id }).from(table).where(candidates).limit(2);
    if (some.length > 1) throw forbidden(BULK_ASSIGN_NEEDS_VISIBILITY);
  }

  const updated: string[] = [];
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
    const result = await passOwnerWall(db, 'assigning records the caller sees', (tx) =>
      tx
        .update(table)
        .set({ ownerId })
        .where(and(eq(table.tenantId, tenantId), sql`${table.id} = any(${sql.param(ids)}::uuid[])`, changes))
        .returning({ id: table.id }),
    );
    updated.push(...result.map((row) => row.id));
    if (rows.length < ASSIGN_BATCH) break;
    after = ids[ids.length - 1];
  }
  return updated;
}

/** Admins and users who see their team's or all records may hand over many records at once. */
export function mayAssignInBulk(user: Pick<ScopeUser, 'isAdmin' | 'visibility'>): boolean {
  return user.isAdmin || user.visibility !== 'own';
}
