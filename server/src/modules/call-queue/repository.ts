import type { Callback } from '@app/shared/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { callbacks, callQueueClaims } from '../../db/schema';
import { rowsOf } from '../crm-shared/sql-rows';
import { CALLBACK_FROM, CALLBACK_JSON } from './callback-json';
import { claimCard, type ClaimRequest, type ClaimTimes } from './claim-card';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export function callQueueRepository(db: DbOrTx) {
  return {
    /** Claims the next prospect of the queue and answers its card (claim-card.ts). */
    claimCard: (tenantId: string, caller: string, request: ClaimRequest) => claimCard(db, tenantId, caller, request),

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
