import { CALL_CARD_ACTIVITIES } from '@app/shared/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { recentActivitiesJson } from '../crm-shared/activities';
import { COMPANY_JOINS, jsonColumns } from '../crm-shared/company-page';
import { rowsOf } from '../crm-shared/sql-rows';
import { CALLBACK_FROM, CALLBACK_JSON } from './callback-json';
import { free, inQueue, QUEUE_ORDER, type QueueFilter } from './queue-sql';

export interface ClaimTimes {
  now: Date;
  expiresAt: Date;
}

export interface ClaimRequest {
  goalId: string;
  filter: QueueFilter;
  times: ClaimTimes;
  /** The server's local date: the day the goal's calls are counted on. */
  today: string;
}

/**
 * What the claim found: no goal of that id in the tenant (nothing claimed), nothing to claim, a
 * candidate another caller claimed or worked after the statement's snapshot was taken (nothing
 * claimed), or the card.
 */
export type ClaimResult = { kind: 'no-goal' } | { kind: 'empty' } | { kind: 'taken' } | { kind: 'card'; json: string };

/**
 * One statement claims the caller's next prospect and writes the whole card (the card's prospect
 * and history in the shapes the prospects list uses). The caller's earliest due callback whose
 * prospect is listed and free comes first; else the filter's first free prospect in the queue's
 * order. The candidate is locked FOR UPDATE SKIP LOCKED, so callers asking at once pass over each
 * other's. The claim row is written only if it is still the one the snapshot saw (same version,
 * lease over), so a prospect another caller claimed or worked after this statement began is never
 * handed out again.
 */
export async function claimNext(db: DbOrTx, tenantId: string, caller: string, { goalId, filter, times, today }: ClaimRequest): Promise<ClaimResult> {
  const now = sql`${times.now.toISOString()}::timestamptz`;
  const claimRow = sql`left join call_queue_claims c on c.tenant_id = t.tenant_id and c.prospect_id = t.id`;
  const result = await db.execute(sql`
    with goal as (
      select g.id, g.name, g.target_count,
        coalesce((select d.calls_made from goal_daily_calls d where d.tenant_id = g.tenant_id and d.goal_id = g.id and d.day = ${today}::date), 0) as calls_today
      from goals g where g.tenant_id = ${tenantId}::uuid and g.id = ${goalId}::uuid),
    due as (
      select t.tenant_id, t.id, b.id as callback_id, coalesce(c.version, -1) as seen_version
      from callbacks b join prospects t on t.tenant_id = b.tenant_id and t.id = b.prospect_id ${claimRow}
      where exists (select 1 from goal) and b.tenant_id = ${tenantId}::uuid and b.owner = ${caller}::uuid
        and b.done_at is null and b.due_at <= ${now} and t.state = 'active' and ${free(filter.excludeIds, times.now)}
      order by b.due_at, b.id
      limit 1
      for update of t skip locked),
    fresh as (
      select t.tenant_id, t.id, null::uuid as callback_id, coalesce(c.version, -1) as seen_version
      from prospects t ${claimRow}
      where exists (select 1 from goal) and not exists (select 1 from due) and ${inQueue(tenantId, filter, times.now)}
      order by ${QUEUE_ORDER}
      limit 1
      for update of t skip locked),
    candidate as (select * from due union all select * from fresh),
    claimed as (
      insert into call_queue_claims (tenant_id, prospect_id, caller, expires_at, version)
      select tenant_id, id, ${caller}::uuid, ${times.expiresAt.toISOString()}::timestamptz, seen_version from candidate
      on conflict (tenant_id, prospect_id) do update
        set caller = excluded.caller, expires_at = excluded.expires_at, version = call_queue_claims.version + 1
        where call_queue_claims.version = excluded.version and call_queue_claims.expires_at <= ${now}
      returning tenant_id, prospect_id)
    select exists (select 1 from candidate) as found,
      (select json_build_object(
          'prospect', (select row_to_json(r) from (select ${sql.raw(jsonColumns('prospects'))}
              from prospects t ${sql.raw(COMPANY_JOINS)} where t.tenant_id = k.tenant_id and t.id = k.prospect_id) r),
          'activities', ${recentActivitiesJson(sql`k.tenant_id`, sql`k.prospect_id`, CALL_CARD_ACTIVITIES)},
          'claim_expires_at', ${times.expiresAt.toISOString()}::text,
          'callback', (select ${CALLBACK_JSON} from ${CALLBACK_FROM} where b.tenant_id = k.tenant_id and b.id = (select callback_id from candidate)),
          'goal', (select json_build_object('id', goal.id, 'name', goal.name, 'target_count', goal.target_count, 'calls_today', goal.calls_today) from goal)
        )::text from claimed k) as card
    from goal`);
  const [row] = rowsOf<{ found: boolean; card: string | null }>(result);
  if (!row) return { kind: 'no-goal' };
  if (!row.found) return { kind: 'empty' };
  if (!row.card) return { kind: 'taken' };
  return { kind: 'card', json: row.card };
}
