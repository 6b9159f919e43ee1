import { z } from 'zod';
import { DEFAULT_STAGE_COLOR, tenantIdSchema } from './crm-common';
import { sortOrderSchema, tenantOptionSchema } from './status-options';

export const STAGE_KINDS = ['open', 'won', 'lost'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];

export const pipelineStageSchema = tenantOptionSchema.extend({
  color: z.string(),
  /** A lead entering a won or lost stage is closed (won_at, lost_at). */
  kind: z.enum(STAGE_KINDS),
  /** The chance (0-100) that a lead in this stage closes, unless the lead gives its own. */
  probability: z.number().int(),
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
  kind: z.enum(STAGE_KINDS, `kind: must be one of ${STAGE_KINDS.join(', ')}`).optional(),
  probability: z
    .number('probability: must be a whole number from 0 to 100')
    .int('probability: must be a whole number from 0 to 100')
    .min(0, 'probability: must be a whole number from 0 to 100')
    .max(100, 'probability: must be a whole number from 0 to 100')
    .optional(),
};

export const createPipelineStageSchema = z.object({ tenant_id: tenantIdSchema, ...stageFields });
export type CreatePipelineStage = z.input<typeof createPipelineStageSchema>;

export const updatePipelineStageSchema = z.object(stageFields).partial();
export type UpdatePipelineStage = z.input<typeof updatePipelineStageSchema>;

export { DEFAULT_STAGE_COLOR };
