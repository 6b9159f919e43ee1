import { and, asc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { callbacks, callQueueClaims, prospects } from '../../db/schema';
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

export type CallbackRow = typeof callbacks.$inferSelect & { prospectName: string; phone1: string };

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

/**
 * Takes the candidate row (locked FOR UPDATE SKIP LOCKED, so concurrent callers pass over each
 * other's) and writes the claim in the same statement. The claim row is written only if it is
 * still the one the snapshot saw (same version, lease over): a caller whose snapshot predates
 * another's claim or outcome gets no claim (`claimed` null although a candidate was found) and
 * tries again with a fresh snapshot.
 */
async function claimFirst(
  db: DbOrTx,
  candidate: SQL,
  caller: string,
  times: ClaimTimes,
): Promise<{ prospectId: string; callbackId: string | null } | null | typeof LOST_RACE> {
  const result = await db.execute(sql`
    with candidate as (${candidate}),
    claimed as (
      insert into call_queue_claims (tenant_id, prospect_id, caller, expires_at, version)
      select tenant_id, id, ${caller}::uuid, ${at(times.expiresAt)}, seen_version from candidate
      on conflict (tenant_id, prospect_id) do update
        set caller = excluded.caller, expires_at = excluded.expires_at, version = call_queue_claims.version + 1
        where call_queue_claims.version = excluded.version and call_queue_claims.expires_at <= ${at(times.now)}
      returning prospect_id
    )
    select (select id from candidate) as candidate, (select callback_id from candidate) as callback_id, (select prospect_id from claimed) as claimed`);
  const [row] = rowsOf<{ candidate: string | null; callback_id: string | null; claimed: string | null }>(result);
  if (!row?.candidate) return null;
  if (!row.claimed) return LOST_RACE;
  return { prospectId: row.claimed, callbackId: row.callback_id };
}

export function callQueueRepository(db: DbOrTx) {
  return {
    /** The caller's earliest due callback whose prospect is still listed and free. */
    claimDueCallback(tenantId: string, caller: string, excludeIds: string[], times: ClaimTimes) {
      return claimFirst(
        db,
        sql`select prospects.tenant_id, prospects.id, b.id as callback_id, coalesce(c.version, -1) as seen_version
          from callbacks b join prospects on prospects.tenant_id = b.tenant_id and prospects.id = b.prospect_id ${claimJoin}
          where b.tenant_id = ${tenantId}::uuid and b.owner = ${caller}::uuid and b.done_at is null and b.due_at <= ${at(times.now)}
            and prospects.state = 'active' and not (prospects.id = any(${uuids(excludeIds)})) and ${unclaimed(times.now)}
          order by b.due_at, b.id
          limit 1
          for update of prospects skip locked`,
        caller,
        times,
      );
    },

    /**
     * The next prospect of the filter: never called first, then the longest since the last call,
     * newest first among equals. A prospect with an open callback waits for that callback.
     */
    claimNext(tenantId: string, caller: string, filter: QueueFilter, times: ClaimTimes) {
      const conditions = filterConditions(prospects, tenantId, { page: 1, limit: 1, q: filter.q, statusId: filter.statusId, stageId: filter.stageId });
      return claimFirst(
        db,
        sql`select prospects.tenant_id, prospects.id, null::uuid as callback_id, coalesce(c.version, -1) as seen_version
          from prospects ${claimJoin}
          where ${and(eq(prospects.tenantId, tenantId), sql`${prospects.state} = 'active'`, ...conditions)}
            and not (prospects.id = any(${uuids(filter.excludeIds)})) and ${unclaimed(times.now)}
            and not exists (select 1 from callbacks b where b.tenant_id = prospects.tenant_id and b.prospect_id = prospects.id and b.done_at is null)
          order by prospects.last_contacted asc nulls first, prospects.created_at desc, prospects.id desc
          limit 1
          for update of prospects skip locked`,
        caller,
        times,
      );
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
  const view = {
    id: callbacks.id,
    tenantId: callbacks.tenantId,
    prospectId: callbacks.prospectId,
    owner: callbacks.owner,
    dueAt: callbacks.dueAt,
    doneAt: callbacks.doneAt,
    createdAt: callbacks.createdAt,
    prospectName: prospects.name,
    phone1: prospects.phone1,
  };
  const withProspect = and(eq(prospects.tenantId, callbacks.tenantId), eq(prospects.id, callbacks.prospectId));
  return {
    async add(tenantId: string, values: { prospectId: string; owner: string; dueAt: Date }): Promise<string> {
      const [row] = await db
        .insert(callbacks)
        .values({ ...values, tenantId })
        .returning({ id: callbacks.id });
      return row.id;
    },

    async findById(tenantId: string, id: string): Promise<CallbackRow | undefined> {
      const [row] = await db
        .select(view)
        .from(callbacks)
        .innerJoin(prospects, withProspect)
        .where(and(eq(callbacks.tenantId, tenantId), eq(callbacks.id, id)));
      return row;
    },

    /** An outcome handles every open callback of the prospect. */
    async markDone(tenantId: string, prospectId: string, now: Date): Promise<void> {
      await db
        .update(callbacks)
        .set({ doneAt: now })
        .where(and(eq(callbacks.tenantId, tenantId), eq(callbacks.prospectId, prospectId), isNull(callbacks.doneAt)));
    },

    /** The owner's open callbacks of listed prospects, earliest first; `before` bounds the due time. */
    listOpen(tenantId: string, owner: string, before?: Date): Promise<CallbackRow[]> {
      return db
        .select(view)
        .from(callbacks)
        .innerJoin(prospects, withProspect)
        .where(
          and(
            eq(callbacks.tenantId, tenantId),
            eq(callbacks.owner, owner),
            isNull(callbacks.doneAt),
            eq(prospects.state, 'active'),
            before ? lt(callbacks.dueAt, before) : undefined,
          ),
        )
        .orderBy(asc(callbacks.dueAt), asc(callbacks.id))
        .limit(500);
    },
  };
}
