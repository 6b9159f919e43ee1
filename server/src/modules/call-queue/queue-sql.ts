import { phoneSearchTerms } from '@app/shared/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../db/raw-sql';
import { ownersFilter } from '../../tenancy/scope';

export interface QueueFilter {
  q?: string;
  statusId?: string;
  stageId?: string;
  /** Prospects the caller has set aside this session. */
  excludeIds: string[];
  /** The owners whose prospects the caller sees besides unassigned ones (their visibility). */
  owners: 'all' | string[];
  /** The list's owner filter: one owner's prospects, or (null) the unassigned ones. */
  ownerId?: string | null;
}

/** A parameter of the prepared claim statement (claim.ts), by name. */
export const p = (name: string) => sql.placeholder(name);

/** The queue's order over prospects `t`: never called first, then the longest since the last call, newest first among equals. */
export const QUEUE_ORDER = sql`t.last_contacted asc nulls first, t.created_at desc, t.id desc`;

/** The claim row `c` of a prospect `t` (every prospect has one). */
export const CLAIM_ROW = sql`join call_queue_claims c on c.tenant_id = t.tenant_id and c.prospect_id = t.id`;

/**
 * A prospect `t` with claim row `c` is free for the caller: not set aside this session, and never
 * claimed, released or with its lease run out. Written on `c` alone, so that when the claim locks
 * a row another caller claimed after the statement began, the recheck on the newest row refuses it.
 */
export const FREE = sql`not (t.id = any(${p('excludeIds')}::uuid[])) and (c.caller is null or c.expires_at <= ${p('now')}::timestamptz)`;

/**
 * The prospects `t` the filter lists in the queue: the tenant's listed prospects of the chosen
 * status and stage whose name, email or phone1 holds `q` (a phone however written), and not
 * waiting for a callback (a prospect with an open callback comes back through that callback).
 * Only the filters in use are written, so each combination is planned on its own index.
 */
export function inQueue(filter: QueueFilter): SQL {
  return sql`t.tenant_id = ${p('tenantId')}::uuid and t.state = 'active' ${visibleTo(filter)}
    ${filter.statusId ? sql`and t.status_id = ${p('statusId')}::uuid` : sql``}
    ${filter.stageId ? sql`and t.pipeline_stage_id = ${p('stageId')}::uuid` : sql``}
    ${filter.ownerId === undefined ? sql`` : filter.ownerId === null ? sql`and t.owner_id is null` : sql`and t.owner_id = ${p('ownerId')}::uuid`}
    ${filter.q ? sql`and (t.search_text like ${p('pattern')} or t.search_text like ${p('phonePattern')} or t.search_text like ${p('nationalPattern')})` : sql``}
    and not exists (select 1 from callbacks b where b.tenant_id = t.tenant_id and b.prospect_id = t.id and b.done_at is null)`;
}

/** `and` the prospect `t` is one the caller sees, when they do not see every owner's. */
export function visibleTo(filter: QueueFilter): SQL {
  return filter.owners === 'all' ? sql`` : sql`and ${ownersFilter(sql.raw('t.owner_id'), sql`${p('owners')}::uuid[]`)}`;
}

/** The filter's parameters: q as the lists read it, its text or a phone however written (its digits, without a trunk 0). */
export function filterParams(filter: QueueFilter) {
  const [phone = filter.q, national = phone] = filter.q ? phoneSearchTerms(filter.q) : [];
  return {
    excludeIds: filter.excludeIds,
    owners: filter.owners === 'all' ? undefined : filter.owners,
    ownerId: filter.ownerId ?? undefined,
    statusId: filter.statusId,
    stageId: filter.stageId,
    pattern: filter.q ? containsPattern(filter.q) : undefined,
    phonePattern: phone ? containsPattern(phone) : undefined,
    nationalPattern: national ? containsPattern(national) : undefined,
  };
}
