import { DEFAULT_STAGE_COLOR, type PipelineStage, type UpdatePipelineStage } from '@app/shared/contracts';
import { pipelineStages } from '../../db/schema';
import { optionDto, optionValues, tenantOptionsService } from '../tenant-options';
import { pipelineStagesRepository, type PipelineStageRow, type PipelineStageValues } from './repository';

export const PIPELINE_STAGE_NOT_FOUND_DETAIL = 'Pipeline stage not found.';
export const STAGE_NAME_TAKEN_DETAIL = 'A pipeline stage with this name already exists.';

export function toPipelineStageDto(row: PipelineStageRow): PipelineStage {
  return { ...optionDto(row), color: row.color, kind: row.kind, probability: row.probability };
}

type StageFields = Omit<UpdatePipelineStage, 'sort_order'> & { sort_order?: number };

function toValues(input: StageFields): PipelineStageValues {
  const values: PipelineStageValues = optionValues(input);
  // Colours are stored in upper case so '#6b7280' and '#6B7280' are one colour.
  if (input.color !== undefined) values.color = input.color.toUpperCase();
  if (input.kind !== undefined) values.kind = input.kind;
  if (input.probability !== undefined) values.probability = input.probability;
  return values;
}

/** A tenant's pipeline stages: each call on the caller's database (request.db). */
export const pipelineStagesService = tenantOptionsService({
  table: pipelineStages,
  repository: pipelineStagesRepository,
  toDto: toPipelineStageDto,
  toValues,
  defaults: { sortOrder: 0, color: DEFAULT_STAGE_COLOR },
  audit: { targetType: 'pipeline_stage' },
  notFoundDetail: PIPELINE_STAGE_NOT_FOUND_DETAIL,
  nameTaken: { constraint: 'pipeline_stages_tenant_name_unique', detail: STAGE_NAME_TAKEN_DETAIL },
});
