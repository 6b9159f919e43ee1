import type { DbOrTx } from '../../db/client';
import { pipelineStages } from '../../db/schema';
import { tenantOptionsRepository } from '../tenant-options';

export type PipelineStageRow = typeof pipelineStages.$inferSelect;
export type PipelineStageValues = Partial<Pick<PipelineStageRow, 'name' | 'description' | 'sortOrder' | 'isActive' | 'color' | 'kind' | 'probability'>>;

/** New prospects and leads start in the first active stage. */
export function pipelineStagesRepository(db: DbOrTx) {
  return tenantOptionsRepository(db, pipelineStages, { usedBy: 'pipelineStageId' });
}
