import { CALL_CARD_ACTIVITIES, type Callback } from '@app/shared/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { callbacks, callQueueClaims, prospects } from '../../db/schema';
import { recentActivitiesJson } from '../crm-shared/activities';
import { COMPANY_JOINS, iso, jsonColumns } from '../crm-shared/company-page';
import { filterConditions } from '../crm-shared/company-record';
import { rowsOf } from '../crm-shared/sql-rows';

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

/** A candidate was found but another caller took it first: the caller tries again. */
export const LOST_RACE = 'lost-race';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const uuids = (ids: string[]) => sql`${sql.param(ids)}::uuid[]`;

/**
 * The claim row as this statement's snapshot sees it (c, joined on the prospect): none, or one
 * whose lease has run out. Its version goes with the claim so a newer row is not overwritten.
 */
const claimJoin = sql`left join call_queue_claims c on c.tenant_id = prospects.tenant_id and c.prospect_id = prospects.id`;
const unclaimed = (now: Date) => sql`(c.prospect_id is null or c.expires_at <= ${at(now)})`;

/** A callback `b` of its prospect `p` as the answer names it (the one shape of a callback). */
const CALLBACK_JSON = sql.raw(`json_build_object('id', b.id, 'tenant_id', b.tenant_id, 'prospect_id', b.prospect_id, 'prospect_name', p.name,
  'phone1', p.phone1, 'owner', b.owner, 'due_at', ${iso('b.due_at')}, 'done_at', ${iso('b.done_at')})`);
const CALLBACK_FROM = sql.raw(`callbacks b join prospects p on p.tenant_id = b.tenant_id and p.id = b.prospect_id`);

export interface ClaimRequest {
  goalId: string;
  filter: QueueFilter;
  times: ClaimTimes;
  /** The server's local date: the day the goal's calls are counted on. */
  today: string;
}

/**
 * What one claim statement found: no goal of that id in the tenant (nothing claimed), nothing
 * to claim, a candidate another caller took first (the caller tries again), or the card's JSON.
 */
export type ClaimResult = { kind: 'no-goal' } | { kind: 'empty' } | { kind: typeof LOST_RACE } | { kind: 'card'; json: string };

export function callQueueRepository(db: DbOrTx) {
  return {
    /**
     * One statement claims the next prospect and writes the whole card: the caller's earliest due
     * callback whose prospect is still listed and free comes first; else the filter's next
     * prospect: never called first, then the longest since the last call, newest first among
     * equals (a prospect with an open callback waits for that callback). The candidate row is
     * locked FOR UPDATE SKIP LOCKED, so concurrent callers pass over each other's, and the claim
     * row is written only if it is still the one the snapshot saw (same version, lease over): a
     * caller whose snapshot predates another's claim or outcome gets no claim and tries again.
     */
    async claimCard(tenantId: string, caller: string, request: ClaimRequest): Promise<ClaimResult> {
      const { filter, times } = request;
      const conditions = filterConditions(prospects, tenantId, { page: 1, limit: 1, q: filter.q, statusId: filter.statusId, stageId: filter.stageId });
      const excluded = sql`not (prospects.id = any(${uuids(filter.excludeIds)}))`;
      const result = await db.execute(sql`
        with goal as (
          select g.id, g.name, g.target_count,
            coalesce((select d.calls_made from goal_daily_calls d where d.tenant_id = g.tenant_id and d.goal_id = g.id and d.day = ${request.today}::date), 0) as calls_today
          from goals g where g.tenant_id = ${tenantId}::uuid and g.id = ${request.goalId}::uuid
        ),
        due as materialized (
          select prospects.tenant_id, prospects.id, b.id as callback_id, coalesce(c.version, -1) as seen_version
          from callbacks b join prospects on prospects.tenant_id = b.tenant_id and prospects.id = b.prospect_id ${claimJoin}
          where exists (select 1 from goal)
            and b.tenant_id = ${tenantId}::uuid and b.owner = ${caller}::uuid and b.done_at is null and b.due_at <= ${at(times.now)}
            and prospects.state = 'active' and ${excluded} and ${unclaimed(times.now)}
          order by b.due_at, b.id
          limit 1
          for update of prospects skip locked
        ),
        fresh as materialized (
          select prospects.tenant_id, prospects.id, null::uuid as callback_id, coalesce(c.version, -1) as seen_version
          from prospects ${claimJoin}
          where exists (select 1 from goal) and not exists (select 1 from due)
            and ${and(eq(prospects.tenantId, tenantId), sql`${prospects.state} = 'active'`, ...conditions)}
            and ${excluded} and ${unclaimed(times.now)}
            and not exists (select 1 from callbacks b where b.tenant_id = prospects.tenant_id and b.prospect_id = prospects.id and b.done_at is null)
          order by prospects.last_contacted asc nulls first, prospects.created_at desc, prospects.id desc
          limit 1
          for update of prospects skip locked
        ),
        candidate as (select * from due union all select * from fresh),
        claimed as (
          insert into call_queue_claims (tenant_id, prospect_id, caller, expires_at, version)
          select tenant_id, id, ${caller}::uuid, ${at(times.expiresAt)}, seen_version from candidate
          on conflict (tenant_id, prospect_id) do update
            set caller = excluded.caller, expires_at = excluded.expires_at, version = call_queue_claims.version + 1
            where call_queue_claims.version = excluded.version and call_queue_claims.expires_at <= ${at(times.now)}
          returning tenant_id, prospect_id
        )
        select exists (select 1 from goal) as goal, exists (select 1 from candidate) as found,
          (select json_build_object(
            'prospect', (select row_to_json(r) from (select ${sql.raw(jsonColumns('prospects'))}
                from prospects t ${sql.raw(COMPANY_JOINS)} where t.tenant_id = k.tenant_id and t.id = k.prospect_id) r),
            'activities', ${recentActivitiesJson(sql`k.tenant_id`, sql`k.prospect_id`, CALL_CARD_ACTIVITIES)},
            'claim_expires_at', ${times.expiresAt.toISOString()}::text,
            'callback', (select ${CALLBACK_JSON} from ${CALLBACK_FROM}
                where b.tenant_id = k.tenant_id and b.id = (select callback_id from candidate)),
            'goal', (select row_to_json(goal) from goal)
          )::text from claimed k) as card`);
      const [row] = rowsOf<{ goal: boolean; found: boolean; card: string | null }>(result);
      if (!row?.goal) return { kind: 'no-goal' };
      if (!row.found) return { kind: 'empty' };
      if (!row.card) return { kind: LOST_RACE };
      return { kind: 'card', json: row.card };
    },

    /** Who holds a live claim on the prospect, if anyone. */
    async holder(tenantId: string, prospectId: string, now: Date): Promise<string | undefined> {
      const [row] = await db
        .select({ caller: callQueueClaims.caller })
        .from(callQueueClaims)
        .where(and(eq(callQueueClaims.tenantId, tenantId), eq(callQueueClaims.prospectId, prospectId), sql`${callQueueClaims.expiresAt} > ${at(now)}`));
      return row?.caller;
    },

    /** Ends the caller's lease; the row stays, with a new version, so older views of it cannot claim it. */
    async release(tenantId: string, caller: string, prospectId: string, now: Date): Promise<void> {
      await db
        .update(callQueueClaims)
        .set({ expiresAt: now, version: sql`${callQueueClaims.version} + 1` })
        .where(and(eq(callQueueClaims.tenantId, tenantId), eq(callQueueClaims.prospectId, prospectId), eq(callQueueClaims.caller, caller)));
    },

    /** Extends every claim the caller still holds in the tenant (not yet released or taken over); answers how many. */
    async renew(tenantId: string, caller: string, times: ClaimTimes): Promise<number> {
      const rows = await db
        .update(callQueueClaims)
        .set({ expiresAt: times.expiresAt })
        .where(and(eq(callQueueClaims.tenantId, tenantId), eq(callQueueClaims.caller, caller), sql`${callQueueClaims.expiresAt} > ${at(times.now)}`))
        .returning({ id: callQueueClaims.prospectId });
      return rows.length;
    },
  };
}

export function callbacksRepository(db: DbOrTx) {
  return {
    /** Keeps a new callback; answers it. */
    async add(tenantId: string, values: { prospectId: string; owner: string; dueAt: Date }): Promise<Callback> {
      const result = await db.execute(sql`
        with b as (
          insert into callbacks (tenant_id, prospect_id, owner, due_at)
          values (${tenantId}::uuid, ${values.prospectId}::uuid, ${values.owner}::uuid, ${at(values.dueAt)})
          returning *
        )
        select ${CALLBACK_JSON} as callback from b join prospects p on p.tenant_id = b.tenant_id and p.id = b.prospect_id`);
      return rowsOf<{ callback: Callback }>(result)[0].callback;
    },

    /** An outcome handles every open callback of the prospect. */
    async markDone(tenantId: string, prospectId: string, now: Date): Promise<void> {
      await db
        .update(callbacks)
        .set({ doneAt: now })
        .where(and(eq(callbacks.tenantId, tenantId), eq(callbacks.prospectId, prospectId), isNull(callbacks.doneAt)));
    },

    /** The owner's open callbacks of listed prospects, earliest first; `before` bounds the due time. */
    async listOpen(tenantId: string, owner: string, before?: Date): Promise<Callback[]> {
      const result = await db.execute(sql`
        select ${CALLBACK_JSON} as callback from ${CALLBACK_FROM}
        where b.tenant_id = ${tenantId}::uuid and b.owner = ${owner}::uuid and b.done_at is null and p.state = 'active'
          ${before ? sql`and b.due_at < ${at(before)}` : sql``}
        order by b.due_at, b.id
        limit 500`);
      return rowsOf<{ callback: Callback }>(result).map((row) => row.callback);
    },
  };
}
