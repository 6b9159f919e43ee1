import { badRequest, notFound } from '../../lib/refusal';
import type { ScopedDbOrTx, ScopedTx } from '../../tenancy/database';
import { activitiesRepository } from '../activities';
import { pipelineStagesRepository } from '../pipeline-stages';
import { chosenOrInitial } from '../tenant-options';

export const STAGE_NOT_IN_TENANT_DETAIL = 'pipeline_stage_id: Pipeline stage not found.';

/** The stage a new prospect or lead starts in: the one named, of its tenant, or the tenant's first. */
export function startingStage(db: ScopedDbOrTx, tenantId: string, stageId: string | null | undefined): Promise<string | null> {
  return chosenOrInitial(pipelineStagesRepository(db), tenantId, stageId, STAGE_NOT_IN_TENANT_DETAIL);
}

export interface StageMove {
  /** The prospects or leads repository of the transaction: a record the mover does not see is not found. */
  records: { update(tenantId: string, id: string, values: { pipelineStageId: string }): Promise<boolean> };
  about: 'prospectId' | 'leadId';
  id: string;
  stageId: string;
  notes?: string | null;
  notFoundDetail: string;
}

/**
 * Moves a prospect or a lead to another stage of its tenant and writes the change, with the
 * notes, into its history (by the mover, tx.scope's user). Answers the stage's name.
 */
export async function moveToStage(tx: ScopedTx, tenantId: string, move: StageMove): Promise<string> {
  const stage = await pipelineStagesRepository(tx).findById(tenantId, move.stageId);
  if (!stage) throw badRequest(STAGE_NOT_IN_TENANT_DETAIL);
  if (!(await move.records.update(tenantId, move.id, { pipelineStageId: stage.id }))) throw notFound(move.notFoundDetail);
  await activitiesRepository(tx).add(tenantId, {
    [move.about]: move.id,
    userId: tx.scope.userId,
    kind: 'stage',
    summary: `Pipeline stage changed to ${stage.name}`,
    notes: move.notes,
  });
  return stage.name;
}
