import {
  CALLBACK_IN_PAST,
  CLAIM_LEASE_SECONDS,
  NO_CALLBACK_STATUS,
  type Callback,
  type CallOutcomeRequest,
  type CallOutcomeResponse,
  type CallQueueNextRequest,
} from '@app/shared/contracts';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import type { ScopedDb } from '../../tenancy/database';
import { activitiesRepository } from '../activities';
import { type AuditActor, recordAudit } from '../audit';
import { companyFilters } from '../companies';
import { goalForCall } from '../goals';
import { localDate } from '../../lib/today';
import { prospectsRepository, PROSPECT_NOT_FOUND_DETAIL, type prospectStatusService } from '../prospects';
import { statusOptionsRepository } from '../status-options';
import { tasksRepository } from '../tasks';
import { claimNext } from './claim';
import { callbacksRepository, callQueueRepository } from './repository';

export const CLAIMED_BY_ANOTHER_DETAIL = 'Another caller is on this prospect right now.';

/** The end of the server's local day (the CRM's "today"). */
function endOfDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
}

export interface CallQueueDeps {
  statusService: ReturnType<typeof prospectStatusService>;
  /** The time claims and callbacks are measured against. */
  clock: () => Date;
}

/** The released prospect's tenant: not found when the caller does not see it, a 409 when another caller holds it. */
function released(row: { tenantId: string; heldBy: string | null } | undefined): string {
  if (!row) throw notFound(PROSPECT_NOT_FOUND_DETAIL);
  if (row.heldBy) throw conflict(CLAIMED_BY_ANOTHER_DETAIL);
  return row.tenantId;
}

/** The caller's queue, each call on the caller's database (request.db): who calls is db.scope's user. */
export function callQueueService({ statusService, clock }: CallQueueDeps) {
  const times = () => {
    const now = clock();
    return { now, expiresAt: new Date(now.getTime() + CLAIM_LEASE_SECONDS * 1000) };
  };

  return {
    /**
     * tenantId has been checked by the route. Due callbacks of the caller come first. Answers the
     * card as JSON text written by the database (one statement claims and reads), or null when
     * the queue is empty.
     */
    async next(db: ScopedDb, tenantId: string, input: Omit<CallQueueNextRequest, 'tenant_id'>, actor: AuditActor): Promise<string | null> {
      const { scope } = db;
      const caller = scope.userId!;
      // The prospects list's own filter, read as the list reads its query (q, status, stage, owner).
      const { q, status_id, pipeline_stage_id, owner_id } = input.filter ?? {};
      const filters = companyFilters({ q, status_id, pipeline_stage_id, owner_id, page: 1, limit: 1 }, {}, caller);
      const when = times();
      const today = localDate(when.now);
      const goal = await goalForCall(db, tenantId, input.goal_id, today);
      // The claim and its audit entry commit together: a claim is never handed out unaudited.
      const claim = await db.transaction(async (tx) => {
        const claimed = await claimNext(tx, tenantId, caller, {
          goalId: goal?.id ?? null,
          scope,
          filters,
          excludeIds: input.filter?.exclude_ids ?? [],
          times: when,
          today,
        });
        if (claimed.kind === 'card')
          await recordAudit(tx, actor, {
            tenantId,
            action: 'call_queue.claimed',
            targetType: 'prospect',
            targetId: claimed.prospect.id,
            targetName: claimed.prospect.name,
            details: { goal_id: goal?.id ?? null },
          });
        return claimed;
      });
      if (claim.kind !== 'card') return null;
      return claim.json;
    },

    /**
     * The status change of the prospects list (same rules, same transaction) with the call counted
     * on the goal; in that transaction the claim is released, open callbacks are done and a new one
     * is kept. A callback without a status records the tenant's callback status.
     */
    async outcome(db: ScopedDb, prospectId: string, input: CallOutcomeRequest, actor: AuditActor): Promise<CallOutcomeResponse> {
      const caller = db.scope.userId!;
      const now = clock();
      const callbackAt = input.callback_at ? new Date(input.callback_at) : null;
      if (callbackAt && callbackAt.getTime() <= now.getTime()) throw badRequest(CALLBACK_IN_PAST);
      let statusId = input.status_id;
      if (!statusId) {
        const { tenantId } = await prospectsRepository(db).visible(prospectId, PROSPECT_NOT_FOUND_DETAIL);
        const callback = await statusOptionsRepository(db).callbackStatus(tenantId);
        if (!callback?.isActive) throw badRequest(NO_CALLBACK_STATUS);
        statusId = callback.id;
      }
      let callback: Callback | null = null;
      // The status change locks the prospect, so no one claims it while the claim is checked and released.
      const result = await statusService.changeStatus(
        db,
        { prospect_id: prospectId, status_id: statusId, prospect_contacted: true, goal_id: input.goal_id, notes: input.note },
        actor,
        async (tx, rowTenant, change) => {
          released(await callQueueRepository(tx).release(prospectId, now, true));
          if (callbackAt && !change.should_remove_from_prospects) {
            const scheduled = await callbacksRepository(tx).add(rowTenant, { prospectId, owner: caller, dueAt: callbackAt });
            // The callback is a call task too: My day, the record page and the calendar feed show it.
            await tasksRepository(tx).addForCallback(rowTenant, { id: scheduled.id, prospectId, owner: caller, dueAt: callbackAt });
            callback = scheduled;
            await activitiesRepository(tx).add(rowTenant, {
              prospectId,
              userId: caller,
              kind: 'call',
              summary: `Callback scheduled for ${callbackAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
            });
          }
        },
      );
      return { ...result, callback };
    },

    /** Lets the prospect go back to the queue for the other callers (only the caller's own claim is touched). */
    async skip(db: ScopedDb, prospectId: string, actor: AuditActor): Promise<void> {
      const tenantId = released(await callQueueRepository(db).release(prospectId, clock(), false));
      await recordAudit(db, actor, { tenantId, action: 'call_queue.skipped', targetType: 'prospect', targetId: prospectId });
    },

    /** tenantId has been checked by the route: the open card keeps its claims while it is open. */
    async renew(db: ScopedDb, tenantId: string, actor: AuditActor): Promise<{ renewed: number; expires_at: string }> {
      const caller = db.scope.userId!;
      const when = times();
      const renewed = await callQueueRepository(db).renew(tenantId, caller, when);
      // The caller's own claims are the target: a renewal holds every card they have open.
      await recordAudit(db, actor, {
        tenantId,
        action: 'call_queue.renewed',
        targetType: 'user',
        targetId: caller,
        targetName: actor.email,
        details: { renewed },
      });
      return { renewed, expires_at: when.expiresAt.toISOString() };
    },

    /** tenantId has been checked by the route: the caller's open callbacks (due today: missed ones too). */
    async callbacks(db: ScopedDb, tenantId: string, due?: 'today'): Promise<Callback[]> {
      return callbacksRepository(db).listOpen(tenantId, due === 'today' ? endOfDay(clock()) : undefined);
    },
  };
}
