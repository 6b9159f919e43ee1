import { z } from 'zod';
import { DEFAULT_STAGE_COLOR, tenantIdSchema } from './crm-common';
import { sortOrderSchema, tenantOptionSchema } from './status-options';

export const pipelineStageSchema = tenantOptionSchema.extend({
  color: z.string(),
});
export type PipelineStage = z.infer<typeof pipelineStageSchema>;
export const pipelineStageListSchema = z.array(pipelineStageSchema);

export const STAGE_NAME_REQUIRED = 'Pipeline stage name is required. Please enter a name for the pipeline stage.';

export const stageColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'color: must be a hex colour such as #6B7280');

const stageFields = {
  name: z.string({ error: STAGE_NAME_REQUIRED }).trim().min(1, STAGE_NAME_REQUIRED).max(100, 'name: must be at most 100 characters'),
  description: z.string().trim().max(500, 'description: must be at most 500 characters').nullable().optional(),
  sort_order: sortOrderSchema.optional(),
  is_active: z.boolean().optional(),
  color: stageColorSchema.optional(),
};

export const createPipelineStageSchema = z.object({ tenant_id: tenantIdSchema, ...stageFields });
export type CreatePipelineStage = z.input<typeof createPipelineStageSchema>;

export const updatePipelineStageSchema = z.object(stageFields).partial();
export type UpdatePipelineStage = z.input<typeof updatePipelineStageSchema>;

export { DEFAULT_STAGE_COLOR };
