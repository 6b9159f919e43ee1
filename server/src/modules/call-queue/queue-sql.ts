import { sql, type SQL } from 'drizzle-orm';
import { prospects } from '../../db/schema';
import type { Scope } from '../../tenancy/scope';
import { filterConditions, type CompanyFilters, type FilterBinder } from '../companies';
import { isActive } from '../prospects';

/** A parameter of the prepared claim statement (claim.ts), by name. */
export const p = (name: string) => sql.placeholder(name);

/** The queue's order over prospects: never called first, then the longest since the last call, newest first among equals. */
export const QUEUE_ORDER = sql`${prospects.lastContacted} asc nulls first, ${prospects.createdAt} desc, ${prospects.id} desc`;

/** The claim row `c` of a prospect (every prospect has one). */
export const CLAIM_ROW = sql`join call_queue_claims c on c.tenant_id = ${prospects.tenantId} and c.prospect_id = ${prospects.id}`;

/**
 * A prospect with claim row `c` is free for the caller: not set aside this session, and never
 * claimed, released or with its lease run out. Written on `c` alone, so that when the claim locks
 * a row another caller claimed after the statement began, the recheck on the newest row refuses it.
 */
export const FREE = sql`not (c.prospect_id = any(${p('excludeIds')}::uuid[])) and (c.caller is null or c.expires_at <= ${p('now')}::timestamptz)`;

/** Each filter value as a named placeholder of the prepared claim statement, its value kept for the execution. */
export function placeholderBinder(values: Record<string, unknown>): FilterBinder {
  return (name, value) => {
    values[name] = value;
    return p(name);
  };
}

/**
 * The prospects the queue hands out: what the prospects list shows for the filter (its own filter
 * code, the caller's visibility included, through `bind`), listed (active) and not waiting for a
 * callback (a prospect with an open callback comes back through that callback).
 */
export function inQueue(scope: Scope, filters: CompanyFilters, bind: FilterBinder): SQL {
  const listFilter = filterConditions(scope, prospects, '', filters, bind);
  return sql.join(
    [
      sql`${prospects.tenantId} = ${p('tenantId')}::uuid and ${isActive}`,
      ...listFilter,
      sql`not exists (select 1 from callbacks b where b.tenant_id = ${prospects.tenantId} and b.prospect_id = ${prospects.id} and b.done_at is null)`,
    ],
    sql` and `,
  );
}
