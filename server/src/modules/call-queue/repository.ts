import type { Callback } from '@app/shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { callQueueClaims } from '../../db/schema';
import { rowsOf } from '../../db/raw-sql';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { andOwnerFilter, andTenantFilter, uuidArray } from '../../tenancy/scope';
import { CALLBACK_FROM, CALLBACK_JSON } from './callback-json';
import { callbackOwners } from '../../tenancy/visibility';
import type { ClaimTimes } from './claim';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The queue's claims, as the caller's database handle (db.scope: who claims, and whose prospects they see) holds them. */
export function callQueueRepository(db: ScopedDbOrTx) {
  return {
    /**
     * Ends the caller's lease on the prospect (the prospect is free again for the others) and, for
     * an outcome, handles the prospect's open callbacks. Looks the prospect up by id, among those
     * the caller sees in the tenants they use: answers its tenant (none: not found) and who else
     * holds a live claim on it (then the caller must not act on it, and the transaction is given up).
     */
    async release(prospectId: string, now: Date, handleCallbacks: boolean): Promise<{ tenantId: string; heldBy: string | null } | undefined> {
      const { scope } = db;
      const caller = scope.userId;
      const result = await db.execute(sql`
        with p as (
          select tenant_id, id from prospects
          where id = ${prospectId}::uuid ${andTenantFilter(sql.raw('tenant_id'), scope)} ${andOwnerFilter(sql.raw('owner_id'), scope)}
        ),
        released as (
          update call_queue_claims c set expires_at = ${at(now)}
          from p where c.tenant_id = p.tenant_id and c.prospect_id = p.id and c.caller = ${caller}::uuid
          returning 1
        ),
        handled as (
          update callbacks b set done_at = ${at(now)}
          from p where ${handleCallbacks} and b.tenant_id = p.tenant_id and b.prospect_id = p.id and b.done_at is null
          returning b.tenant_id, b.id
        ),
        -- The callbacks' call tasks are done by the same call (tasks module: a callback is a call task).
        handled_tasks as (
          update tasks t set done_at = ${at(now)}, done_by = ${caller}::uuid, updated_at = ${at(now)}
          from handled h where t.tenant_id = h.tenant_id and t.callback_id = h.id and t.done_at is null
          returning 1
        )
        select p.tenant_id as "tenantId",
          (select c.caller from call_queue_claims c
            where c.tenant_id = p.tenant_id and c.prospect_id = p.id and c.caller <> ${caller}::uuid and c.expires_at > ${at(now)}) as "heldBy"
        from p`);
      return rowsOf<{ tenantId: string; heldBy: string | null }>(result)[0];
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

export function callbacksRepository(db: ScopedDbOrTx) {
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

    /**
     * The open callbacks the caller (db.scope) sees, of listed prospects they see, earliest first:
     * theirs, or their team's (tenancy/visibility.ts); `before` bounds the due time.
     */
    async listOpen(tenantId: string, before?: Date): Promise<Callback[]> {
      const { scope } = db;
      const result = await db.execute(sql`
        select ${CALLBACK_JSON} as callback from ${CALLBACK_FROM}
        where b.tenant_id = ${tenantId}::uuid and b.owner = any(${uuidArray(callbackOwners(scope))}) and b.done_at is null and p.state = 'active'
          ${andOwnerFilter(sql.raw('p.owner_id'), scope)}
          ${before ? sql`and b.due_at < ${at(before)}` : sql``}
        order by b.due_at, b.id
        limit 500`);
      return rowsOf<{ callback: Callback }>(result).map((row) => row.callback);
    },
  };
}
