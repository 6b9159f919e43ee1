import { createPipelineStageSchema, pipelineStageListSchema, pipelineStageSchema, updatePipelineStageSchema } from '@app/shared/contracts';
import { tenantOptionsRoutes } from '../tenant-options';
import { pipelineStagesService } from './service';

/** A tenant's pipeline stages, each with the colour its cards show. */
export const pipelineStagesRoutes = tenantOptionsRoutes(
  {
    path: '/crm/pipeline-stage-options',
    tag: 'pipeline-stages',
    noun: 'pipeline stage',
    onDelete: 'prospects and leads in it keep no stage',
    schemas: { item: pipelineStageSchema, list: pipelineStageListSchema, create: createPipelineStageSchema, update: updatePipelineStageSchema },
  },
  pipelineStagesService,
);
