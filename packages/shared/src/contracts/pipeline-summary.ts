import { z } from 'zod';
import { amountTextSchema } from './amounts';
import { ownerFilterSchema, teamFilterSchema, tenantIdSchema } from './crm-common';

/** The board's figures: the leads of the search, per stage and in all. */
export const pipelineSummaryQuerySchema = z.object({
  tenant_id: tenantIdSchema,
  q: z.string().trim().max(200, 'q: must be at most 200 characters').optional(),
  owner_id: ownerFilterSchema.optional(),
  team_id: teamFilterSchema.optional(),
});
export type PipelineSummaryQuery = z.input<typeof pipelineSummaryQuerySchema>;

/** Leads counted, their value and their weighted value (value × probability / 100 of each lead, to the cent). */
export const pipelineFiguresSchema = z.object({
  count: z.number().int(),
  value: amountTextSchema,
  weighted_value: amountTextSchema,
});
export type PipelineFigures = z.infer<typeof pipelineFiguresSchema>;

export const pipelineSummarySchema = z.object({
  currency: z.string(),
  /** Every stage of the tenant, in order (a stage without leads counts 0). */
  stages: z.array(pipelineFiguresSchema.extend({ pipeline_stage_id: z.uuid() })),
  /** Every lead of the search, also those without a stage. */
  total: pipelineFiguresSchema,
});
export type PipelineSummary = z.infer<typeof pipelineSummarySchema>;
