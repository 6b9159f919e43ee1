import { CALL_CARD_ACTIVITIES, phoneSearchTerms } from '@app/shared/contracts';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prospects } from '../../db/schema';
import { recentActivitiesJson } from '../activities';
import { COMPANY_JOINS, jsonColumns, matchesSearch } from '../companies';
import { containsPattern } from '../../db/raw-sql';
import { CALLBACK_FROM, CALLBACK_JSON } from './callback-json';

export interface QueueFilter {
  q?: string;
  statusId?: string;
  stageId?: string;
  /** Prospects the caller has set aside this session. */
  excludeIds: string[];
}

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

/** A candidate was found but another caller took it first: the caller tries again. */
export const LOST_RACE = 'lost-race';

/**
 * What one claim statement found: no goal of that id in the tenant (nothing claimed), nothing
 * to claim, a candidate another caller took first, or the card's JSON.
 */
export type ClaimResult = { kind: 'no-goal' } | { kind: 'empty' } | { kind: typeof LOST_RACE } | { kind: 'card'; json: string };

/** Which filters a claim uses: each combination is its own prepared statement. */
export interface Shape {
  status: boolean;
  stage: boolean;
  q: boolean;
}

export const p = (name: string) => sql.placeholder(name);
export const tenant = sql`${p('tenantId')}::uuid`;
const caller = sql`${p('caller')}::uuid`;
export const now = sql`${p('now')}::timestamptz`;

/**
 * The claim row as the statement's snapshot sees it (c, joined on the prospect): none, or one
 * whose lease has run out. Its version goes with the claim so a newer row is not overwritten.
 */
export const claimJoin = sql`left join call_queue_claims c on c.tenant_id = prospects.tenant_id and c.prospect_id = prospects.id`;
const free = sql`not (prospects.id = any(${p('excludeIds')}::uuid[])) and (c.prospect_id is null or c.expires_at <= ${now})`;

/**
 * A candidate free in the snapshot may have been claimed since the statement began. Asked of the
 * claims committed by now (orbitra_claim_live reads with a snapshot of its own), such a row is
 * passed over rather than locked and then found taken, which would cost the caller a second
 * statement. c's column makes it run after the join, so only for rows the snapshot shows free
 * (and, as the dearest condition there, last).
 */
const stillFreeNow = sql`not orbitra_claim_live(prospects.tenant_id, coalesce(c.prospect_id, prospects.id), ${now})`;

/** The queue's order over rows named `alias`: never called first, then the longest since the last call, newest first among equals. */
export const queueOrder = (alias: string) => sql.raw(`${alias}.last_contacted asc nulls first, ${alias}.created_at desc, ${alias}.id desc`);

/**
 * A prospect (joined with its claim row c) the filter lists, free, and not waiting for a callback
 * (a prospect with an open callback comes back through that callback).
 */
export function freshProspects(shape: Shape) {
  const filters = and(
    eq(prospects.tenantId, tenant),
    sql`${prospects.state} = 'active'`,
    shape.status ? eq(prospects.statusId, p('statusId')) : undefined,
    shape.stage ? eq(prospects.pipelineStageId, p('stageId')) : undefined,
    // q as the list reads it: its text, or a phone however written (its digits, without a trunk 0).
    shape.q
      ? or(matchesSearch(prospects, p('pattern')), matchesSearch(prospects, p('phonePattern')), matchesSearch(prospects, p('nationalPattern')))
      : undefined,
  );
  return sql`${filters} and ${free}
      and not exists (select 1 from callbacks b where b.tenant_id = prospects.tenant_id and b.prospect_id = prospects.id and b.done_at is null)
      and ${stillFreeNow}`;
}

/**
 * Writes the claims of `rows` (tenant_id, prospect_id, caller, expires_at, seen version), each only
 * if its claim row is still the one the snapshot saw (same version, lease over): a caller whose
 * snapshot predates another's claim or outcome gets no claim and tries again.
 */
export function claimInsert(rows: SQL) {
  return sql`insert into call_queue_claims (tenant_id, prospect_id, caller, expires_at, version)
    ${rows}
    on conflict (tenant_id, prospect_id) do update
      set caller = excluded.caller, expires_at = excluded.expires_at, version = call_queue_claims.version + 1
      where call_queue_claims.version = excluded.version and call_queue_claims.expires_at <= ${now}`;
}

/** The goal's part of the card, from a row `goal` (id, name, target_count, calls_today). */
export const GOAL_JSON = sql`json_build_object('id', goal.id, 'name', goal.name, 'target_count', goal.target_count, 'calls_today', goal.calls_today)`;

/** The goal `g` with the calls counted on it today, as GOAL_JSON reads it. */
export const GOAL_COLUMNS = sql`g.id, g.name, g.target_count,
      coalesce((select d.calls_made from goal_daily_calls d where d.tenant_id = g.tenant_id and d.goal_id = g.id and d.day = ${p('today')}::date), 0) as calls_today`;

/** The card of the claim `k` (tenant_id, prospect_id) as text: the one shape of a card, written by the database. */
export function cardJson(callback: SQL, goal: SQL) {
  return sql`json_build_object(
      'prospect', (select row_to_json(r) from (select ${sql.raw(jsonColumns('prospects'))}
          from prospects t ${sql.raw(COMPANY_JOINS)} where t.tenant_id = k.tenant_id and t.id = k.prospect_id) r),
      'activities', ${recentActivitiesJson(sql`k.tenant_id`, sql`k.prospect_id`, CALL_CARD_ACTIVITIES)},
      'claim_expires_at', ${p('expiresAtText')}::text,
      'callback', ${callback},
      'goal', ${goal}
    )::text`;
}

/**
 * One statement claims the next prospect and writes the whole card. The caller's earliest due
 * callback whose prospect is still listed and free comes first; else the filter's next prospect:
 * never called first, then the longest since the last call, newest first among equals (a
 * prospect with an open callback waits for that callback). The candidate row is locked FOR
 * UPDATE SKIP LOCKED, so concurrent callers pass over each other's, and the claim row is written
 * only if it is still the one the snapshot saw (same version, lease over): a caller whose
 * snapshot predates another's claim or outcome gets no claim and tries again. No row: the goal
 * is not one of the tenant, and nothing was claimed.
 *
 * Prepared once per connection: planning this statement costs more than running it.
 */
function claimStatement(db: DbOrTx, shape: Shape, name: string) {
  const goal = db.$with('goal', { id: sql<string>`id` }).as(sql`
    select ${GOAL_COLUMNS} from goals g where g.tenant_id = ${tenant} and g.id = ${p('goalId')}::uuid`);
  const due = db.$with('due', {}).as(sql`
    select prospects.tenant_id, prospects.id, b.id as callback_id, coalesce(c.version, -1) as seen_version
    from callbacks b join prospects on prospects.tenant_id = b.tenant_id and prospects.id = b.prospect_id ${claimJoin}
    where exists (select 1 from goal)
      and b.tenant_id = ${tenant} and b.owner = ${caller} and b.done_at is null and b.due_at <= ${now}
      and prospects.state = 'active' and ${free}
    order by b.due_at, b.id
    limit 1
    for update of prospects skip locked`);
  const fresh = db.$with('fresh', {}).as(sql`
    select prospects.tenant_id, prospects.id, null::uuid as callback_id, coalesce(c.version, -1) as seen_version
    from prospects ${claimJoin}
    where exists (select 1 from goal) and not exists (select 1 from due) and ${freshProspects(shape)}
    order by ${queueOrder('prospects')}
    limit 1
    for update of prospects skip locked`);
  const candidate = db.$with('candidate', {}).as(sql`select * from due union all select * from fresh`);
  const claimed = db.$with('claimed', {}).as(sql`
    ${claimInsert(sql`select tenant_id, id, ${caller}, ${p('expiresAt')}::timestamptz, seen_version from candidate`)}
    returning tenant_id, prospect_id`);
  const card = sql<string | null>`(select ${cardJson(
    sql`(select ${CALLBACK_JSON} from ${CALLBACK_FROM} where b.tenant_id = k.tenant_id and b.id = (select callback_id from candidate))`,
    sql`(select ${GOAL_JSON} from goal)`,
  )} from claimed k)`;
  return db
    .with(goal, due, fresh, candidate, claimed)
    .select({ found: sql<boolean>`exists (select 1 from candidate)`, card })
    .from(goal)
    .prepare(name);
}

/** The filters a claim uses (each combination is its own prepared statement). */
export function shapeOf(filter: QueueFilter): Shape {
  return { status: Boolean(filter.statusId), stage: Boolean(filter.stageId), q: Boolean(filter.q) };
}

/** One prepared statement per connection-owning db and shape, named `<prefix>_<shape>`. */
export function preparedPerShape<T>(prefix: string, build: (db: DbOrTx, shape: Shape, name: string) => T) {
  const statements = new WeakMap<DbOrTx, Map<string, T>>();
  return (db: DbOrTx, shape: Shape): T => {
    const key = `${Number(shape.status)}${Number(shape.stage)}${Number(shape.q)}`;
    let byShape = statements.get(db);
    if (!byShape) statements.set(db, (byShape = new Map()));
    let statement = byShape.get(key);
    if (!statement) byShape.set(key, (statement = build(db, shape, `${prefix}_${key}`)));
    return statement;
  };
}

/** q's three LIKE patterns (the list's terms, filterConditions); a q that is no phone repeats its own. */
function searchPatterns(q: string | undefined) {
  if (!q) return { pattern: undefined, phonePattern: undefined, nationalPattern: undefined };
  const [phone = q, national = phone] = phoneSearchTerms(q);
  return { pattern: containsPattern(q), phonePattern: containsPattern(phone), nationalPattern: containsPattern(national) };
}

/** The parameters every claim statement shares: the tenant, the times and the filter. */
export function sharedParams(tenantId: string, { filter, times, today }: Omit<ClaimRequest, 'goalId'>) {
  return {
    tenantId,
    today,
    now: times.now.toISOString(),
    expiresAt: times.expiresAt.toISOString(),
    expiresAtText: times.expiresAt.toISOString(),
    excludeIds: filter.excludeIds,
    statusId: filter.statusId,
    stageId: filter.stageId,
    ...searchPatterns(filter.q),
  };
}

const singleStatement = preparedPerShape('call_queue_claim', claimStatement);

export async function claimCard(db: DbOrTx, tenantId: string, callerId: string, request: ClaimRequest): Promise<ClaimResult> {
  const statement = singleStatement(db, shapeOf(request.filter));
  const [row] = await statement.execute({ ...sharedParams(tenantId, request), caller: callerId, goalId: request.goalId });
  if (!row) return { kind: 'no-goal' };
  if (!row.found) return { kind: 'empty' };
  if (!row.card) return { kind: LOST_RACE };
  return { kind: 'card', json: row.card };
}
