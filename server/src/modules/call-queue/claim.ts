import { CALL_CARD_ACTIVITIES } from '@app/shared/contracts';
import { and, sql } from 'drizzle-orm';
import { prospects } from '../../db/schema';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { ownerFilter, type Scope } from '../../tenancy/scope';
import { recentActivitiesJson } from '../activities';
import { COMPANY_JOINS, jsonColumns, type CompanyFilters } from '../companies';
import { CALLBACK_FROM, CALLBACK_JSON } from './callback-json';
import { CLAIM_ROW, FREE, inQueue, p, placeholderBinder, QUEUE_ORDER } from './queue-sql';

export interface ClaimTimes {
  now: Date;
  expiresAt: Date;
}

export interface ClaimRequest {
  /** The goal the calls count on (checked by the service), or none. */
  goalId: string | null;
  /** Who claims: their visibility narrows the queue as it narrows the list. */
  scope: Scope;
  /** The prospects list's filter (q, status, stage, owner) the queue works over. */
  filters: CompanyFilters;
  /** Prospects the caller has set aside this session. */
  excludeIds: string[];
  times: ClaimTimes;
  /** The server's local date: the day the goal's calls are counted on. */
  today: string;
}

/** What the claim found: nothing to claim, or the card and the prospect it claimed. */
export type ClaimResult = { kind: 'empty' } | { kind: 'card'; json: string; prospect: { id: string; name: string } };

const now = sql`${p('now')}::timestamptz`;

/**
 * One statement claims the caller's next prospect and writes the whole card (the card's prospect
 * and history in the shapes the prospects list uses). The caller's earliest due callback whose
 * prospect is listed and free comes first; else the filter's first free prospect in the queue's
 * order, the filter being the prospects list's own (queue-sql.ts). The candidate's claim row is
 * locked FOR UPDATE SKIP LOCKED, so callers asking at once pass over each other's; a row another
 * caller claimed after this statement began is rechecked on its newest version once locked, found
 * held, and passed over too (PostgreSQL's documented read-committed rule for locking clauses). So
 * the statement hands out only free prospects, and answers empty only when no free one is left.
 * `values` receives the filter's values, by the names of their placeholders.
 */
function claimStatement(db: ScopedDbOrTx, request: Pick<ClaimRequest, 'scope' | 'filters'>, values: Record<string, unknown>) {
  const bind = placeholderBinder(values);
  // The goal and its calls today, by anyone; none when the caller picked none.
  const goal = db.$with('goal', { id: sql<string>`id` }).as(sql`
    select g.id, g.name, g.target_count,
      (select count(*)::int from calls d where d.tenant_id = g.tenant_id and d.goal_id = g.id and d.day = ${p('today')}::date) as calls_today
    from goals g where g.tenant_id = ${p('tenantId')}::uuid and g.id = ${p('goalId')}::uuid`);
  const due = db.$with('due', {}).as(sql`
    select ${prospects.tenantId} as tenant_id, ${prospects.id} as id, b.id as callback_id
    from callbacks b join ${prospects} on ${prospects.tenantId} = b.tenant_id and ${prospects.id} = b.prospect_id ${CLAIM_ROW}
    where b.tenant_id = ${p('tenantId')}::uuid and b.owner = ${p('caller')}::uuid
      and b.done_at is null and b.due_at <= ${now} and ${prospects.state} = 'active' and ${and(ownerFilter(prospects.ownerId, request.scope, bind), FREE)}
    order by b.due_at, b.id
    limit 1
    for update of c skip locked`);
  const fresh = db.$with('fresh', {}).as(sql`
    select ${prospects.tenantId} as tenant_id, ${prospects.id} as id, null::uuid as callback_id
    from ${prospects} ${CLAIM_ROW}
    where not exists (select 1 from due) and ${inQueue(request.scope, request.filters, bind)} and ${FREE}
    order by ${QUEUE_ORDER}
    limit 1
    for update of c skip locked`);
  const candidate = db.$with('candidate', {}).as(sql`select * from due union all select * from fresh`);
  const claimed = db.$with('claimed', {}).as(sql`
    update call_queue_claims c set caller = ${p('caller')}::uuid, expires_at = ${p('expiresAt')}::timestamptz
    from candidate k where c.tenant_id = k.tenant_id and c.prospect_id = k.id
    returning c.tenant_id, c.prospect_id`);
  const card = sql<string>`json_build_object(
      'prospect', (select row_to_json(r) from (select ${sql.raw(jsonColumns('prospects'))}
          from prospects t ${sql.raw(COMPANY_JOINS)} where t.tenant_id = k.tenant_id and t.id = k.prospect_id) r),
      'activities', ${recentActivitiesJson(sql`k.tenant_id`, sql`k.prospect_id`, CALL_CARD_ACTIVITIES)},
      'claim_expires_at', ${p('expiresAtText')}::text,
      'callback', (select ${CALLBACK_JSON} from ${CALLBACK_FROM} where b.tenant_id = k.tenant_id and b.id = (select callback_id from candidate)),
      'goal', (select json_build_object('id', goal.id, 'name', goal.name, 'target_count', goal.target_count, 'calls_today', goal.calls_today) from goal)
    )::text`;
  // The claimed prospect by its columns, beside the card, for the claim's audit entry.
  const prospectName = sql<string>`(select ${prospects.name} from ${prospects} where ${prospects.tenantId} = k.tenant_id and ${prospects.id} = k.prospect_id)`;
  return db
    .with(goal, due, fresh, candidate, claimed)
    .select({ card, prospectId: sql<string>`k.prospect_id`, prospectName })
    .from(sql`claimed k`);
}

/**
 * Planning the statement behind the tenant wall costs more than running it, so it is prepared once
 * per connection and shape of the filter (its SQL text: which filters are in use): each shape keeps
 * one name for the server's life, which every caller's handle prepares it under.
 */
const statementNames = new Map<string, string>();

export async function claimNext(db: ScopedDbOrTx, tenantId: string, caller: string, request: ClaimRequest): Promise<ClaimResult> {
  const values: Record<string, unknown> = {};
  const query = claimStatement(db, request, values);
  const key = query.toSQL().sql;
  let name = statementNames.get(key);
  if (!name) statementNames.set(key, (name = `call_queue_claim_${statementNames.size + 1}`));
  const { times } = request;
  const [row] = await query.prepare(name).execute({
    ...values,
    tenantId,
    caller,
    goalId: request.goalId,
    today: request.today,
    excludeIds: request.excludeIds,
    now: times.now.toISOString(),
    expiresAt: times.expiresAt.toISOString(),
    expiresAtText: times.expiresAt.toISOString(),
  });
  return row ? { kind: 'card', json: row.card, prospect: { id: row.prospectId, name: row.prospectName } } : { kind: 'empty' };
}
