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

/**
 * The pipeline (sales-figures.md): the open deals (leads in a stage of kind open, or in none), their
 * value and their weighted value (each deal's value × its probability / 100, half up to the cent, summed).
 * Won and lost deals are never in it.
 */
export const pipelineFiguresSchema = z.object({
  count: z.number().int(),
  value: amountTextSchema,
  weighted_value: amountTextSchema,
});
export type PipelineFigures = z.infer<typeof pipelineFiguresSchema>;

/** Deals counted and their value: the won or the lost ones, outside the pipeline. */
export const dealFiguresSchema = z.object({
  count: z.number().int(),
  value: amountTextSchema,
});
export type DealFigures = z.infer<typeof dealFiguresSchema>;

/** One stage's leads: how many and their value; the weighted value for an open stage only (null for won and lost ones). */
export const stageFiguresSchema = dealFiguresSchema.extend({
  pipeline_stage_id: z.uuid(),
  weighted_value: amountTextSchema.nullable(),
});
export type StageFigures = z.infer<typeof stageFiguresSchema>;

/** The deals of a search: per stage, the pipeline (open deals) and the won and lost ones beside it. */
export const dealSummarySchema = z.object({
  /** Every stage of the tenant, in order (a stage without leads counts 0). */
  stages: z.array(stageFiguresSchema),
  /** The open deals, also those without a stage: the board's "Open pipeline" and "Weighted". */
  pipeline: pipelineFiguresSchema,
  /** The deals in won stages, and those in lost stages. */
  won: dealFiguresSchema,
  lost: dealFiguresSchema,
});
export type DealSummary = z.infer<typeof dealSummarySchema>;

export const pipelineSummarySchema = dealSummarySchema.extend({ currency: z.string() });
export type PipelineSummary = z.infer<typeof pipelineSummarySchema>;

export { PIPELINE_TOTAL_LABEL, WEIGHTED_TOTAL_LABEL } from './constants';
