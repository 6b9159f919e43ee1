import {
  CALL_CARD_ACTIVITIES,
  CALLBACK_IN_PAST,
  CLAIM_LEASE_SECONDS,
  type CallCard,
  type Callback,
  type CallOutcomeRequest,
  type CallOutcomeResponse,
  type CallQueueNextRequest,
} from '@app/shared/contracts';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../http/errors';
import { assertRowTenant, type TenantMember } from '../../tenancy/tenant-access';
import { activitiesRepository } from '../crm-shared/activities';
import { localDate } from '../crm-shared/today';
import { goalsRepository, type GoalRow } from '../goals/repository';
import { prospectsRepository } from '../prospects/repository';
import { PROSPECT_NOT_FOUND_DETAIL, STATUS_NOT_IN_TENANT_DETAIL, toProspectDto } from '../prospects/service';
import { GOAL_NOT_IN_TENANT_DETAIL, type prospectStatusService } from '../prospects/status-change';
import { statusOptionsRepository } from '../status-options/repository';
import { callbacksRepository, callQueueRepository, LOST_RACE, type CallbackRow, type QueueFilter } from './repository';

export const CLAIMED_BY_ANOTHER_DETAIL = 'Another caller is on this prospect right now.';
/** Enough for every concurrent caller of a tenant to lose one race each. */
const CLAIM_ATTEMPTS = 50;

type Caller = TenantMember & { id: string };

export function toCallbackDto(row: CallbackRow): Callback {
  return {
    id: row.id,
    tenant_id: row.tenantId,
    prospect_id: row.prospectId,
    prospect_name: row.prospectName,
    phone1: row.phone1,
    owner: row.owner,
    due_at: row.dueAt.toISOString(),
    done_at: row.doneAt ? row.doneAt.toISOString() : null,
  };
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

export function callQueueService(db: Db, { statusService, clock }: CallQueueDeps) {
  const times = () => {
    const now = clock();
    return { now, expiresAt: new Date(now.getTime() + CLAIM_LEASE_SECONDS * 1000) };
  };

  async function goalOf(tenantId: string, goalId: string) {
    const goals = goalsRepository(db);
    const goal = await goals.findById(tenantId, goalId);
    if (!goal) throw badRequest(GOAL_NOT_IN_TENANT_DETAIL);
    return goal;
  }

  async function card(tenantId: string, goal: GoalRow, claim: { prospectId: string; callbackId: string | null }, expiresAt: Date): Promise<CallCard> {
    const today = localDate(clock());
    const [row, history, days, callback] = await Promise.all([
      prospectsRepository(db).findById(tenantId, claim.prospectId),
      activitiesRepository(db).history(tenantId, { prospectId: claim.prospectId }),
      goalsRepository(db).dailyCalls(tenantId, [goal.id]),
      claim.callbackId ? callbacksRepository(db).findById(tenantId, claim.callbackId) : undefined,
    ]);
    if (!row) throw new Error('a claimed prospect was not found');
    const calls = days.find((day) => day.day === today)?.callsMade ?? 0;
    return {
      prospect: toProspectDto(row),
      activities: history.slice(0, CALL_CARD_ACTIVITIES),
      claim_expires_at: expiresAt.toISOString(),
      callback: callback ? toCallbackDto(callback) : null,
      goal: { id: goal.id, name: goal.name, target_count: goal.targetCount, calls_today: calls },
    };
  }

  /** The prospect of a by-id call, in a tenant the caller may use and not held by someone else. */
  async function ownProspect(user: Caller, prospectId: string): Promise<string> {
    const tenantId = assertRowTenant(user, await prospectsRepository(db).tenantOf(prospectId), PROSPECT_NOT_FOUND_DETAIL);
    const holder = await callQueueRepository(db).holder(tenantId, prospectId, clock());
    if (holder && holder !== user.id) throw conflict(CLAIMED_BY_ANOTHER_DETAIL);
    return tenantId;
  }

  return {
    /** tenantId has been checked by the route. Due callbacks of the caller come first. */
    async next(user: Caller, tenantId: string, input: Omit<CallQueueNextRequest, 'tenant_id'>): Promise<CallCard | null> {
      const goal = await goalOf(tenantId, input.goal_id);
      const filter: QueueFilter = {
        q: input.filter?.q || undefined,
        statusId: input.filter?.status_id,
        stageId: input.filter?.pipeline_stage_id,
        excludeIds: input.filter?.exclude_ids ?? [],
      };
      const queue = callQueueRepository(db);
      for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
        const when = times();
        let claim = await queue.claimDueCallback(tenantId, user.id, filter.excludeIds, when);
        if (claim === null) claim = await queue.claimNext(tenantId, user.id, filter, when);
        if (claim === null) return null;
        if (claim !== LOST_RACE) return card(tenantId, goal, claim, when.expiresAt);
      }
      throw conflict('The queue is busy. Please try again.');
    },

    /**
     * The status change of the prospects list (same rules, same transaction) with the call counted
     * on the goal; in that transaction the claim is released, open callbacks are done and a new one
     * is kept. Without a status the prospect keeps the one it has.
     */
    async outcome(user: Caller, prospectId: string, input: CallOutcomeRequest): Promise<CallOutcomeResponse> {
      const tenantId = await ownProspect(user, prospectId);
      const now = clock();
      const callbackAt = input.callback_at ? new Date(input.callback_at) : null;
      if (callbackAt && callbackAt.getTime() <= now.getTime()) throw badRequest(CALLBACK_IN_PAST);
      let statusId = input.status_id;
      if (!statusId) {
        const current = (await prospectsRepository(db).findById(tenantId, prospectId))?.statusId;
        statusId = current ?? (await statusOptionsRepository(db).initialId(tenantId)) ?? undefined;
        if (!statusId) throw badRequest(STATUS_NOT_IN_TENANT_DETAIL);
      }
      let callback: Callback | null = null;
      const result = await statusService.changeStatus(
        user,
        { prospect_id: prospectId, status_id: statusId, prospect_contacted: true, goal_id: input.goal_id, notes: input.note },
        async (tx, rowTenant, change) => {
          await callQueueRepository(tx).release(rowTenant, user.id, prospectId, now);
          const callbacks = callbacksRepository(tx);
          await callbacks.markDone(rowTenant, prospectId, now);
          if (callbackAt && !change.should_remove_from_prospects) {
            const id = await callbacks.add(rowTenant, { prospectId, owner: user.id, dueAt: callbackAt });
            await activitiesRepository(tx).add(rowTenant, {
              prospectId,
              userId: user.id,
              kind: 'call',
              summary: `Callback scheduled for ${callbackAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
            });
            callback = toCallbackDto((await callbacks.findById(rowTenant, id))!);
          }
        },
      );
      return { ...result, callback };
    },

    /** Lets the prospect go back to the queue for the other callers. */
    async skip(user: Caller, prospectId: string): Promise<void> {
      const tenantId = await ownProspect(user, prospectId);
      await callQueueRepository(db).release(tenantId, user.id, prospectId, clock());
    },

    /** tenantId has been checked by the route: the open card keeps its claims while it is open. */
    async renew(user: Caller, tenantId: string): Promise<{ renewed: number; expires_at: string }> {
      const when = times();
      return { renewed: await callQueueRepository(db).renew(tenantId, user.id, when), expires_at: when.expiresAt.toISOString() };
    },

    /** tenantId has been checked by the route: the caller's open callbacks (due today: missed ones too). */
    async callbacks(user: Caller, tenantId: string, due?: 'today'): Promise<Callback[]> {
      const rows = await callbacksRepository(db).listOpen(tenantId, user.id, due === 'today' ? endOfDay(clock()) : undefined);
      return rows.map(toCallbackDto);
    },
  };
}
