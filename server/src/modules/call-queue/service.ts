import {
  CALLBACK_IN_PAST,
  CLAIM_LEASE_SECONDS,
  NO_CALLBACK_STATUS,
  type Callback,
  type CallOutcomeRequest,
  type CallOutcomeResponse,
  type CallQueueNextRequest,
} from '@app/shared/contracts';
import type { ScopedDb } from '../../tenancy/database';
import { badRequest, conflict } from '../../lib/refusal';
import { userScope, type ScopeUser } from '../../tenancy/scope';
import { assertRowTenant } from '../../tenancy/tenant-access';
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
type Caller = ScopeUser;

/**
 * Whose callbacks the caller sees: a user of team visibility their team's, so one can cover for
 * another; everyone else their own.
 */
function callbackOwners(user: Caller): string[] {
  return user.visibility === 'team' && user.teamMemberIds.length > 0 ? user.teamMemberIds : [user.id];
}

/** The end of the server's local day (the CRM's "today"). */
function endOfDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
}

export interface CallQueueDeps {
  statusService: ReturnType<typeof prospectStatusService>;
  /** The time claims and callbacks are measured against. */
  clock: () => Date;
}

export function callQueueService(db: ScopedDb, { statusService, clock }: CallQueueDeps) {
  const times = () => {
    const now = clock();
    return { now, expiresAt: new Date(now.getTime() + CLAIM_LEASE_SECONDS * 1000) };
  };

  /** The prospect's tenant, if the caller may use it; a 409 when another caller holds it. */
  function released(user: Caller, row: { tenantId: string; heldBy: string | null } | undefined): string {
    const tenantId = assertRowTenant(user, row?.tenantId, PROSPECT_NOT_FOUND_DETAIL);
    if (row?.heldBy) throw conflict(CLAIMED_BY_ANOTHER_DETAIL);
    return tenantId;
  }

  return {
    /**
     * tenantId has been checked by the route. Due callbacks of the caller come first. Answers the
     * card as JSON text written by the database (one statement claims and reads), or null when
     * the queue is empty.
     */
    async next(user: Caller, tenantId: string, input: Omit<CallQueueNextRequest, 'tenant_id'>, actor: AuditActor): Promise<string | null> {
      const scope = userScope(user);
      // The prospects list's own filter, read as the list reads its query (q, status, stage, owner).
      const { q, status_id, pipeline_stage_id, owner_id } = input.filter ?? {};
      const filters = companyFilters({ q, status_id, pipeline_stage_id, owner_id, page: 1, limit: 1 }, {}, user.id);
      const when = times();
      const today = localDate(when.now);
      const goal = await goalForCall(db, tenantId, input.goal_id, today);
      const claim = await claimNext(db, tenantId, user.id, {
        goalId: goal?.id ?? null,
        scope,
        filters,
        excludeIds: input.filter?.exclude_ids ?? [],
        times: when,
        today,
      });
      if (claim.kind !== 'card') return null;
      const { prospect } = JSON.parse(claim.json) as { prospect: { id: string; name: string } };
      await recordAudit(db, actor, {
        tenantId,
        action: 'call_queue.claimed',
        targetType: 'prospect',
        targetId: prospect.id,
        targetName: prospect.name,
        details: { goal_id: goal?.id ?? null },
      });
      return claim.json;
    },

    /**
     * The status change of the prospects list (same rules, same transaction) with the call counted
     * on the goal; in that transaction the claim is released, open callbacks are done and a new one
     * is kept. A callback without a status records the tenant's callback status.
     */
    async outcome(user: Caller, prospectId: string, input: CallOutcomeRequest, actor: AuditActor): Promise<CallOutcomeResponse> {
      const now = clock();
      const callbackAt = input.callback_at ? new Date(input.callback_at) : null;
      if (callbackAt && callbackAt.getTime() <= now.getTime()) throw badRequest(CALLBACK_IN_PAST);
      let statusId = input.status_id;
      if (!statusId) {
        const tenantId = assertRowTenant(user, await prospectsRepository(db).tenantOf(userScope(user), prospectId), PROSPECT_NOT_FOUND_DETAIL);
        const callback = await statusOptionsRepository(db).callbackStatus(tenantId);
        if (!callback?.isActive) throw badRequest(NO_CALLBACK_STATUS);
        statusId = callback.id;
      }
      let callback: Callback | null = null;
      // The status change locks the prospect, so no one claims it while the claim is checked and released.
      const result = await statusService.changeStatus(
        user,
        { prospect_id: prospectId, status_id: statusId, prospect_contacted: true, goal_id: input.goal_id, notes: input.note },
        actor,
        async (tx, rowTenant, change) => {
          released(user, await callQueueRepository(tx).release(userScope(user), prospectId, user.id, now, true));
          if (callbackAt && !change.should_remove_from_prospects) {
            const scheduled = await callbacksRepository(tx).add(rowTenant, { prospectId, owner: user.id, dueAt: callbackAt });
            // The callback is a call task too: My day, the record page and the calendar feed show it.
            await tasksRepository(tx).addForCallback(rowTenant, { id: scheduled.id, prospectId, owner: user.id, dueAt: callbackAt });
            callback = scheduled;
            await activitiesRepository(tx).add(rowTenant, {
              prospectId,
              userId: user.id,
              kind: 'call',
              summary: `Callback scheduled for ${callbackAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
            });
          }
        },
      );
      return { ...result, callback };
    },

    /** Lets the prospect go back to the queue for the other callers (only the caller's own claim is touched). */
    async skip(user: Caller, prospectId: string, actor: AuditActor): Promise<void> {
      const tenantId = await prospectsRepository(db).tenantOf(userScope(user), prospectId);
      released(user, await callQueueRepository(db).release(userScope(user), prospectId, user.id, clock(), false));
      await recordAudit(db, actor, { tenantId, action: 'call_queue.skipped', targetType: 'prospect', targetId: prospectId });
    },

    /** tenantId has been checked by the route: the open card keeps its claims while it is open. */
    async renew(user: Caller, tenantId: string, actor: AuditActor): Promise<{ renewed: number; expires_at: string }> {
      const when = times();
      const renewed = await callQueueRepository(db).renew(tenantId, user.id, when);
      // The caller's own claims are the target: a renewal holds every card they have open.
      await recordAudit(db, actor, {
        tenantId,
        action: 'call_queue.renewed',
        targetType: 'user',
        targetId: user.id,
        targetName: actor.email,
        details: { renewed },
      });
      return { renewed, expires_at: when.expiresAt.toISOString() };
    },

    /** tenantId has been checked by the route: the caller's open callbacks (due today: missed ones too). */
    async callbacks(user: Caller, tenantId: string, due?: 'today'): Promise<Callback[]> {
      return callbacksRepository(db).listOpen(userScope(user), tenantId, callbackOwners(user), due === 'today' ? endOfDay(clock()) : undefined);
    },
  };
}
