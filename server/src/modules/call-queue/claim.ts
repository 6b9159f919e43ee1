import { CALL_CARD_ACTIVITIES } from '@app/shared/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { recentActivitiesJson } from '../crm-shared/activities';
import { COMPANY_JOINS, jsonColumns } from '../crm-shared/company-page';
import { CALLBACK_FROM, CALLBACK_JSON } from './callback-json';
import { FREE, filterParams, inQueue, p, QUEUE_ORDER, type QueueFilter } from './queue-sql';

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

const now = sql`${p('now')}::timestamptz`;
const claimRow = sql`left join call_queue_claims c on c.tenant_id = t.tenant_id and c.prospect_id = t.id`;

/**
 * One statement claims the caller's next prospect and writes the whole card (the card's prospect
 * and history in the shapes the prospects list uses). The caller's earliest due callback whose
 * prospect is listed and free comes first; else the filter's first free prospect in the queue's
 * order. The candidate is locked FOR UPDATE SKIP LOCKED, so callers asking at once pass over each
 * other's. The claim row is written only if it is still the one the snapshot saw (same version,
 * lease over), so a prospect another caller claimed or worked after this statement began is never
 * handed out again.
 */
function claimStatement(db: DbOrTx, filter: QueueFilter, name: string) {
  const goal = db.$with('goal', { id: sql<string>`id` }).as(sql`
    select g.id, g.name, g.target_count,
      coalesce((select d.calls_made from goal_daily_calls d where d.tenant_id = g.tenant_id and d.goal_id = g.id and d.day = ${p('today')}::date), 0) as calls_today
    from goals g where g.tenant_id = ${p('tenantId')}::uuid and g.id = ${p('goalId')}::uuid`);
  const due = db.$with('due', {}).as(sql`
    select t.tenant_id, t.id, b.id as callback_id, coalesce(c.version, -1) as seen_version
    from callbacks b join prospects t on t.tenant_id = b.tenant_id and t.id = b.prospect_id ${claimRow}
    where exists (select 1 from goal) and b.tenant_id = ${p('tenantId')}::uuid and b.owner = ${p('caller')}::uuid
      and b.done_at is null and b.due_at <= ${now} and t.state = 'active' and ${FREE}
    order by b.due_at, b.id
    limit 1
    for update of t skip locked`);
  const fresh = db.$with('fresh', {}).as(sql`
    select t.tenant_id, t.id, null::uuid as callback_id, coalesce(c.version, -1) as seen_version
    from prospects t ${claimRow}
    where exists (select 1 from goal) and not exists (select 1 from due) and ${inQueue(filter)}
    order by ${QUEUE_ORDER}
    limit 1
    for update of t skip locked`);
  const candidate = db.$with('candidate', {}).as(sql`select * from due union all select * from fresh`);
  const claimed = db.$with('claimed', {}).as(sql`
    insert into call_queue_claims (tenant_id, prospect_id, caller, expires_at, version)
    select tenant_id, id, ${p('caller')}::uuid, ${p('expiresAt')}::timestamptz, seen_version from candidate
    on conflict (tenant_id, prospect_id) do update
      set caller = excluded.caller, expires_at = excluded.expires_at, version = call_queue_claims.version + 1
      where call_queue_claims.version = excluded.version and call_queue_claims.expires_at <= ${now}
    returning tenant_id, prospect_id`);
  const card = sql<string | null>`(select json_build_object(
      'prospect', (select row_to_json(r) from (select ${sql.raw(jsonColumns('prospects'))}
          from prospects t ${sql.raw(COMPANY_JOINS)} where t.tenant_id = k.tenant_id and t.id = k.prospect_id) r),
      'activities', ${recentActivitiesJson(sql`k.tenant_id`, sql`k.prospect_id`, CALL_CARD_ACTIVITIES)},
      'claim_expires_at', ${p('expiresAtText')}::text,
      'callback', (select ${CALLBACK_JSON} from ${CALLBACK_FROM} where b.tenant_id = k.tenant_id and b.id = (select callback_id from candidate)),
      'goal', (select json_build_object('id', goal.id, 'name', goal.name, 'target_count', goal.target_count, 'calls_today', goal.calls_today) from goal)
    )::text from claimed k)`;
  return db
    .with(goal, due, fresh, candidate, claimed)
    .select({ found: sql<boolean>`exists (select 1 from candidate)`, card })
    .from(goal)
    .prepare(name);
}

/**
 * Planning the statement behind the tenant wall costs more than running it, so it is prepared
 * once per connection-owning db and combination of filters in use.
 */
const prepared = new WeakMap<DbOrTx, Map<string, ReturnType<typeof claimStatement>>>();

function statementFor(db: DbOrTx, filter: QueueFilter) {
  const key = [filter.statusId, filter.stageId, filter.q].map((used) => (used ? 1 : 0)).join('');
  let byFilters = prepared.get(db);
  if (!byFilters) prepared.set(db, (byFilters = new Map()));
  let statement = byFilters.get(key);
  if (!statement) byFilters.set(key, (statement = claimStatement(db, filter, `call_queue_claim_${key}`)));
  return statement;
}

export async function claimNext(db: DbOrTx, tenantId: string, caller: string, { goalId, filter, times, today }: ClaimRequest): Promise<ClaimResult> {
  const [row] = await statementFor(db, filter).execute({
    tenantId,
    caller,
    goalId,
    today,
    now: times.now.toISOString(),
    expiresAt: times.expiresAt.toISOString(),
    expiresAtText: times.expiresAt.toISOString(),
    ...filterParams(filter),
  });
  if (!row) return { kind: 'no-goal' };
  if (!row.found) return { kind: 'empty' };
  if (!row.card) return { kind: 'taken' };
  return { kind: 'card', json: row.card };
}
