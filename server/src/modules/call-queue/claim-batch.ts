import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  cardJson,
  claimInsert,
  claimJoin,
  LOST_RACE,
  freshProspects,
  GOAL_COLUMNS,
  GOAL_JSON,
  now,
  p,
  preparedPerShape,
  queueOrder,
  shapeOf,
  sharedParams,
  tenant,
  type ClaimRequest,
  type ClaimResult,
  type Shape,
} from './claim-card';

/**
 * What a batched claim found for one caller: as claimCard's, or `alone` when the caller has a due
 * callback (which comes first, through claimCard) or found nothing where the batch passed over a
 * prospect another caller of it had set aside.
 */
export type BatchClaimResult = ClaimResult | { kind: 'alone' };

export interface BatchCaller {
  caller: string;
  goalId: string;
  /** The prospects this caller set aside this session. */
  excludeIds: string[];
}

/**
 * One statement claims the next prospects of the filter for several callers of one tenant: one
 * scan of the queue takes as many free rows as there are callers without a due callback, in the
 * queue's order, and hands them out in the callers' order, each claimed as claimCard claims one.
 * Callers claiming at once then cost the database one statement instead of one each, and none
 * passes over rows the others have locked a moment before. Answers a row per caller, in order.
 */
function batchStatement(db: DbOrTx, shape: Shape, name: string) {
  const req = db.$with('req', { ord: sql<number>`ord` }).as(sql`
    select r.caller, r.goal_id, r.ord from unnest(${p('callers')}::uuid[], ${p('goals')}::uuid[]) with ordinality as r(caller, goal_id, ord)`);
  const goal = db.$with('goal', {}).as(sql`
    select req.ord, req.caller, ${GOAL_COLUMNS} from req join goals g on g.tenant_id = ${tenant} and g.id = req.goal_id`);
  const wanting = db.$with('wanting', {}).as(sql`
    select goal.ord, row_number() over (order by goal.ord) as n from goal
    where not exists (select 1 from callbacks b where b.tenant_id = ${tenant} and b.owner = goal.caller and b.done_at is null and b.due_at <= ${now})`);
  // row_number over the locked rows keeps the queue's order for handing them out.
  const fresh = db.$with('fresh', {}).as(sql`
    select f.tenant_id, f.id, f.seen_version, row_number() over (order by ${queueOrder('f')}) as n from (
      select prospects.tenant_id, prospects.id, prospects.last_contacted, prospects.created_at, coalesce(c.version, -1) as seen_version
      from prospects ${claimJoin}
      where ${freshProspects(shape)}
      order by ${queueOrder('prospects')}
      limit (select count(*) from wanting)
      for update of prospects skip locked
    ) f`);
  const handed = db.$with('handed', {}).as(sql`
    select wanting.ord, goal.caller, fresh.tenant_id, fresh.id, fresh.seen_version
    from wanting join fresh on fresh.n = wanting.n join goal on goal.ord = wanting.ord`);
  const claimed = db.$with('claimed', {}).as(sql`
    ${claimInsert(sql`select tenant_id, id, caller, ${p('expiresAt')}::timestamptz, seen_version from handed`)}
    returning tenant_id, prospect_id`);
  return db
    .with(req, goal, wanting, fresh, handed, claimed)
    .select({
      hasGoal: sql<boolean>`exists (select 1 from goal where goal.ord = req.ord)`,
      wanting: sql<boolean>`exists (select 1 from wanting where wanting.ord = req.ord)`,
      found: sql<boolean>`exists (select 1 from handed where handed.ord = req.ord)`,
      card: sql<string | null>`(select ${cardJson(sql`null::json`, sql`(select ${GOAL_JSON} from goal where goal.ord = req.ord)`)}
        from claimed k join handed h on h.tenant_id = k.tenant_id and h.id = k.prospect_id where h.ord = req.ord)`,
    })
    .from(req)
    .orderBy(sql`req.ord`)
    .prepare(name);
}

const batchStatements = preparedPerShape('call_queue_claim_batch', batchStatement);

/**
 * Claims for `callers` (at least one) under one tenant, filter and times. The scan passes over
 * every caller's set-aside prospects; a caller it left with nothing only because of another's is
 * sent to claim alone.
 */
export async function claimCards(db: DbOrTx, tenantId: string, callers: BatchCaller[], request: Omit<ClaimRequest, 'goalId'>): Promise<BatchClaimResult[]> {
  const excludeIds = [...new Set(callers.flatMap((c) => c.excludeIds))];
  const statement = batchStatements(db, shapeOf(request.filter));
  const rows = await statement.execute({
    ...sharedParams(tenantId, { ...request, filter: { ...request.filter, excludeIds } }),
    callers: callers.map((c) => c.caller),
    goals: callers.map((c) => c.goalId),
  });
  return rows.map((row, i): BatchClaimResult => {
    if (!row.hasGoal) return { kind: 'no-goal' };
    if (!row.wanting) return { kind: 'alone' };
    if (row.card) return { kind: 'card', json: row.card };
    if (row.found) return { kind: LOST_RACE };
    return excludeIds.length > new Set(callers[i].excludeIds).size ? { kind: 'alone' } : { kind: 'empty' };
  });
}
