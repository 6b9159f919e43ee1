import { type ChangeProspectStageRequest, type ChangeStatusResponse } from '@app/shared/contracts';
import type { ProspectState } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import type { ScopedDb, ScopedTx } from '../../tenancy/database';
import { activitiesRepository } from '../activities';
import { type AuditActor, recordAudit } from '../audit';
import { moveToStage } from '../companies';
import { assertTenantUser } from '../users';
import { localDate } from '../../lib/today';
import { callsRepository } from '../calls';
import { goalForCall } from '../goals';
import { leadsRepository, loadLead } from '../leads';
import { notesRepository } from '../notes';
import { tasksRepository } from '../tasks';
import { recordMailsRepository } from '../record-mails';
import { pipelineStagesRepository } from '../pipeline-stages';
import { statusOptionsRepository } from '../status-options';
import { prospectsRepository } from './repository';
import { loadProspect, PROSPECT_NOT_FOUND_DETAIL, STATUS_NOT_IN_TENANT_DETAIL } from './service';

export const PROSPECT_GONE_DETAIL = 'This prospect has already left the prospects list (converted to a lead or removed).';
export const STATUS_INACTIVE_DETAIL = 'This status is inactive. Please choose an active status.';
export { GOAL_NOT_IN_TENANT_DETAIL } from '../goals';
export const ASSIGNEE_NOT_FOUND_DETAIL = 'assigned_to: User not found.';

/** The change-status body after validation. */
export interface ChangeStatusInput {
  prospect_id: string;
  status_id: string;
  prospect_contacted: boolean;
  assigned_to?: string | null;
  goal_id?: string | null;
  notes?: string | null;
}

/** More work for the same transaction, after the change and before the commit (the call queue's claim and callback). */
export type AlsoInTransaction = (tx: ScopedTx, tenantId: string, result: ChangeStatusResponse) => Promise<void>;

/**
 * A prospect's status and stage changes, each call on the caller's database (request.db). clock: the
 * moment a call is made at (the server's day it counts on); the app's clock, which tests move.
 */
export function prospectStatusService(clock: () => Date = () => new Date()) {
  return {
    /**
     * One transaction: the status, the call counted on the goal's day, last_contacted, the lead
     * (for a converting status) and the prospect leaving the list, or none of it; `also` joins it.
     */
    async changeStatus(db: ScopedDb, input: ChangeStatusInput, actor: AuditActor, also?: AlsoInTransaction): Promise<ChangeStatusResponse> {
      const { tenantId } = await prospectsRepository(db).visible(input.prospect_id, PROSPECT_NOT_FOUND_DETAIL);
      const caller = db.scope.userId!;
      return db.transaction(async (tx) => {
        const prospects = prospectsRepository(tx);
        const locked = await prospects.lock(tenantId, input.prospect_id);
        if (!locked) throw notFound(PROSPECT_NOT_FOUND_DETAIL);
        if (locked.state !== 'active') throw conflict(PROSPECT_GONE_DETAIL);

        const status = await statusOptionsRepository(tx).findById(tenantId, input.status_id);
        if (!status) throw badRequest(STATUS_NOT_IN_TENANT_DETAIL);
        if (!status.isActive) throw badRequest(STATUS_INACTIVE_DETAIL);
        const assignedTo = input.assigned_to ? await assertTenantUser(tx, tenantId, input.assigned_to, ASSIGNEE_NOT_FOUND_DETAIL) : null;

        const now = clock();
        let callsIncremented = false;
        if (input.prospect_contacted) {
          // A call is its caller's, on a goal only when one is named (one they see, active today).
          const today = localDate(now);
          const goal = await goalForCall(tx, tenantId, input.goal_id, today);
          await callsRepository(tx).record(tenantId, { callerId: caller, prospectId: input.prospect_id, goalId: goal?.id ?? null, madeAt: now, day: today });
          callsIncremented = true;
        }

        const state: ProspectState = status.convertsToLead ? 'converted' : status.removesFromProspects ? 'removed' : 'active';
        await prospects.update(tenantId, input.prospect_id, {
          statusId: status.id,
          state,
          ...(callsIncremented ? { lastContacted: now } : {}),
        });

        let leadData: ChangeStatusResponse['lead_data'] = null;
        if (state === 'converted') {
          const leads = leadsRepository(tx);
          const stageId = await pipelineStagesRepository(tx).initialId(tenantId);
          const leadId = await leads.insertFromProspect(tenantId, input.prospect_id, { assignedTo, stageId });
          if (!leadId) throw new Error('the lead made from the prospect was not found in the same transaction');
          await notesRepository(tx).carryOver(tenantId, input.prospect_id, leadId);
          await tasksRepository(tx).carryOver(tenantId, input.prospect_id, leadId);
          await recordMailsRepository(tx).carryOver(tenantId, input.prospect_id, leadId);
          leadData = await loadLead(tx, tenantId, leadId);
        }

        await activitiesRepository(tx).add(tenantId, {
          prospectId: input.prospect_id,
          userId: caller,
          kind: 'status',
          summary: `Status changed to ${status.name}${callsIncremented ? ' (call made)' : ''}`,
          notes: input.notes,
        });

        const result: ChangeStatusResponse = {
          message: `Prospect status has been updated to "${status.name}".`,
          prospect_id: input.prospect_id,
          status_name: status.name,
          lead_created: leadData !== null,
          calls_incremented: callsIncremented,
          should_remove_from_prospects: state !== 'active',
          lead_data: leadData,
          prospect: await loadProspect(tx, tenantId, input.prospect_id),
        };
        await recordAudit(tx, actor, {
          tenantId,
          action: 'prospect.status_changed',
          targetType: 'prospect',
          targetId: input.prospect_id,
          targetName: result.prospect.name,
          details: {
            status: status.name,
            call_made: callsIncremented,
            ...(callsIncremented && input.goal_id ? { goal_id: input.goal_id } : {}),
            lead_created: leadData !== null,
          },
        });
        if (also) await also(tx, tenantId, result);
        return result;
      });
    },

    async changeStage(db: ScopedDb, input: ChangeProspectStageRequest, actor: AuditActor) {
      const { tenantId } = await prospectsRepository(db).visible(input.prospect_id, PROSPECT_NOT_FOUND_DETAIL);
      return db.transaction(async (tx) => {
        const stageName = await moveToStage(tx, tenantId, {
          records: prospectsRepository(tx),
          about: 'prospectId',
          id: input.prospect_id,
          stageId: input.pipeline_stage_id,
          notes: input.notes,
          notFoundDetail: PROSPECT_NOT_FOUND_DETAIL,
        });
        const prospect = await loadProspect(tx, tenantId, input.prospect_id);
        await recordAudit(tx, actor, {
          tenantId,
          action: 'prospect.stage_changed',
          targetType: 'prospect',
          targetId: prospect.id,
          targetName: prospect.name,
          details: { stage: stageName },
        });
        return { pipeline_stage_name: stageName, prospect };
      });
    },
  };
}
