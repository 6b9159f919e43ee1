import { sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../crm-shared/sql-rows';

export interface QueueFilter {
  q?: string;
  statusId?: string;
  stageId?: string;
  /** Prospects the caller has set aside this session. */
  excludeIds: string[];
}

/** A parameter of the prepared claim statement (claim.ts), by name. */
export const p = (name: string) => sql.placeholder(name);

/** The queue's order over prospects `t`: never called first, then the longest since the last call, newest first among equals. */
export const QUEUE_ORDER = sql`t.last_contacted asc nulls first, t.created_at desc, t.id desc`;

/**
 * A prospect `t` (left-joined with its claim row `c`) is free for the caller: not set aside this
 * session, and unclaimed or with its lease run out.
 */
export const FREE = sql`not (t.id = any(${p('excludeIds')}::uuid[])) and (c.prospect_id is null or c.expires_at <= ${p('now')}::timestamptz)`;

/**
 * The prospects `t` (with claim rows `c`) the filter lists in the queue: the tenant's listed
 * prospects of the chosen status and stage whose name, email or phone1 holds `q`, free, and not
 * waiting for a callback (a prospect with an open callback comes back through that callback).
 * Only the filters in use are written, so each combination is planned on its own index.
 */
export function inQueue(filter: QueueFilter): SQL {
  return sql`t.tenant_id = ${p('tenantId')}::uuid and t.state = 'active'
    ${filter.statusId ? sql`and t.status_id = ${p('statusId')}::uuid` : sql``}
    ${filter.stageId ? sql`and t.pipeline_stage_id = ${p('stageId')}::uuid` : sql``}
    ${filter.q ? sql`and t.search_text like ${p('pattern')}` : sql``}
    and ${FREE}
    and not exists (select 1 from callbacks b where b.tenant_id = t.tenant_id and b.prospect_id = t.id and b.done_at is null)`;
}

/** The parameters of the filter: `q` as the lists' LIKE pattern of a case-insensitive substring of search_text (name, email and phone1). */
export function filterParams(filter: QueueFilter) {
  return {
    excludeIds: filter.excludeIds,
    statusId: filter.statusId,
    stageId: filter.stageId,
    pattern: filter.q ? containsPattern(filter.q) : undefined,
  };
}
