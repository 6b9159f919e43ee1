import { CALL_CARD_ACTIVITIES } from '@app/shared/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { recentActivitiesJson } from '../activities';
import { COMPANY_JOINS, jsonColumns } from '../companies';
import { CALLBACK_FROM, CALLBACK_JSON } from './callback-json';
import { CLAIM_ROW, FREE, filterParams, inQueue, p, QUEUE_ORDER, visibleTo, type QueueFilter } from './queue-sql';

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

/** A goal a call may not count on today, as its refusal names it. */
export interface InactiveGoal {
  name: string;
  start_date: string;
  end_date: string;
}

/** What the claim found: no goal of that id in the tenant, a goal not active today (nothing claimed either way), nothing to claim, or the card. */
export type ClaimResult = { kind: 'no-goal' } | { kind: 'inactive-goal'; goal: InactiveGoal } | { kind: 'empty' } | { kind: 'card'; json: string };

const now = sql`${p('now')}::timestamptz`;

/**
 * One statement claims the caller's next prospect and writes the whole card (the card's prospect
 * and history in the shapes the prospects list uses). The caller's earliest due callback whose
 * prospect is listed and free comes first; else the filter's first free prospect in the queue's
 * order. The candidate's claim row is locked FOR UPDATE SKIP LOCKED, so callers asking at once
 * pass over each other's; a row another caller claimed after this statement began is rechecked
 * on its newest version once locked, found held, and passed over too (PostgreSQL's documented
 * read-committed rule for locking clauses). So the statement hands out only free prospects, and
 * answers empty only when no free one is left.
 */
function claimStatement(db: DbOrTx, filter: QueueFilter, name: string) {
  // The goal, whether it is active today (a call may count on it), and its calls today, by anyone.
  const goal = db.$with('goal', { id: sql<string>`id` }).as(sql`
    select g.id, g.name, g.target_count, g.start_date, g.end_date,
      (g.start_date <= ${p('today')}::date and g.end_date >= ${p('today')}::date) as active,
      (select count(*)::int from calls d where d.tenant_id = g.tenant_id and d.goal_id = g.id and d.day = ${p('today')}::date) as calls_today
    from goals g where g.tenant_id = ${p('tenantId')}::uuid and g.id = ${p('goalId')}::uuid`);
  const due = db.$with('due', {}).as(sql`
    select t.tenant_id, t.id, b.id as callback_id
    from callbacks b join prospects t on t.tenant_id = b.tenant_id and t.id = b.prospect_id ${CLAIM_ROW}
    where exists (select 1 from goal where goal.active) and b.tenant_id = ${p('tenantId')}::uuid and b.owner = ${p('caller')}::uuid
      and b.done_at is null and b.due_at <= ${now} and t.state = 'active' ${visibleTo(filter)} and ${FREE}
    order by b.due_at, b.id
    limit 1
    for update of c skip locked`);
  const fresh = db.$with('fresh', {}).as(sql`
    select t.tenant_id, t.id, null::uuid as callback_id
    from prospects t ${CLAIM_ROW}
    where exists (select 1 from goal where goal.active) and not exists (select 1 from due) and ${inQueue(filter)} and ${FREE}
    order by ${QUEUE_ORDER}
    limit 1
    for update of c skip locked`);
  const candidate = db.$with('candidate', {}).as(sql`select * from due union all select * from fresh`);
  const claimed = db.$with('claimed', {}).as(sql`
    update call_queue_claims c set caller = ${p('caller')}::uuid, expires_at = ${p('expiresAt')}::timestamptz
    from candidate k where c.tenant_id = k.tenant_id and c.prospect_id = k.id
    returning c.tenant_id, c.prospect_id`);
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
    .select({
      found: sql<boolean>`exists (select 1 from candidate)`,
      card,
      goal: sql<
        InactiveGoal & { active: boolean }
      >`(select json_build_object('active', goal.active, 'name', goal.name, 'start_date', to_char(goal.start_date, 'YYYY-MM-DD'), 'end_date', to_char(goal.end_date, 'YYYY-MM-DD')) from goal)`,
    })
    .from(goal)
    .prepare(name);
}

/**
 * Planning the statement behind the tenant wall costs more than running it, so it is prepared
 * once per connection-owning db and combination of filters in use.
 */
const prepared = new WeakMap<DbOrTx, Map<string, ReturnType<typeof claimStatement>>>();

function statementFor(db: DbOrTx, filter: QueueFilter) {
  const owner = filter.ownerId === undefined ? 0 : filter.ownerId === null ? 1 : 2;
  const key = [filter.statusId, filter.stageId, filter.q, filter.owners !== 'all'].map((used) => (used ? 1 : 0)).join('') + owner;
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
  if (!row.goal.active) return { kind: 'inactive-goal', goal: { name: row.goal.name, start_date: row.goal.start_date, end_date: row.goal.end_date } };
  if (!row.found || !row.card) return { kind: 'empty' };
  return { kind: 'card', json: row.card };
}
