import { z } from 'zod';
import { amountSchema, amountTextSchema } from './amounts';
import { listQuerySchema, paginationSchema, tenantIdSchema } from './crm-common';
import { companyFieldsSchema, companyInputFields, prospectSchema } from './prospects';

export const leadSchema = companyFieldsSchema.extend({
  id: z.uuid(),
  tenant_id: z.uuid(),
  prospect_id: z.uuid().nullable(),
  assigned_to: z.uuid().nullable(),
  /** In the tenant's currency, "1500.00"; null when not known. */
  value: amountTextSchema.nullable(),
  expected_close_date: z.string().nullable(),
  /**
   * The probability every figure uses (0-100): the lead's own when a user set one, else its stage's;
   * 100 in a won stage and 0 in a lost one whatever was set (sales-figures.md).
   */
  probability: z.number().int(),
  /** The probability a user set for this lead; null: it follows its stage. */
  own_probability: z.number().int().nullable(),
  /** What the lead's stage gives without a probability of its own (100 won, 0 lost, 0 without a stage). */
  stage_probability: z.number().int(),
  /** Set when the lead enters a won (lost) stage, cleared when it leaves it. */
  won_at: z.string().nullable(),
  lost_at: z.string().nullable(),
  lost_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

export const LOST_REASON_MAX = 500;

/** How a list of leads may be sorted; newest first unless told otherwise. Empty values last. */
export const LEAD_SORTS = ['newest', 'value_desc', 'value_asc', 'close_date_asc', 'close_date_desc'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

/** The value fields of a lead's create and edit bodies. */
export const leadValueFields = {
  value: amountSchema('value').nullable().optional(),
  expected_close_date: z.iso.date('expected_close_date: must be a date (YYYY-MM-DD)').nullable().optional(),
  /** Left out: unchanged; null: cleared, the lead follows its stage's probability again. */
  probability: z
    .number('probability: must be a whole number from 0 to 100')
    .int('probability: must be a whole number from 0 to 100')
    .min(0, 'probability: must be a whole number from 0 to 100')
    .max(100, 'probability: must be a whole number from 0 to 100')
    .nullable()
    .optional(),
};

/**
 * `after` continues a list after the lead of that id (keyset paging, the board's columns): the
 * leads older than it in the same order, whatever was added or moved on the pages before.
 */
export const leadListQuerySchema = listQuerySchema
  .extend({
    after: z.uuid('after: must be a valid id').optional(),
    sort: z.enum(LEAD_SORTS, `sort: must be one of ${LEAD_SORTS.join(', ')}`).optional(),
  })
  .refine((query) => !query.after || !query.sort || query.sort === 'newest', {
    message: 'after: continues only the newest-first order',
    path: ['after'],
  });
export type LeadListQuery = z.input<typeof leadListQuerySchema>;

export const leadListResponseSchema = z.object({
  leads: z.array(leadSchema),
  pagination: paginationSchema,
});
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;

/** The add-lead dialog sends name, phone1 and tenant_id; the other company fields are optional. */
export const createLeadSchema = z.object({
  tenant_id: tenantIdSchema,
  ...companyInputFields,
  ...leadValueFields,
  pipeline_stage_id: z.uuid('pipeline_stage_id: must be a valid id').optional().nullable(),
});
export type CreateLead = z.input<typeof createLeadSchema>;

/** Edit Lead: the company fields sent change; those left out keep their value. */
export const updateLeadSchema = z.object({ ...companyInputFields, ...leadValueFields }).partial();

/** Edit Value: the value fields alone. */
export const updateLeadValueSchema = z.object(leadValueFields);
export type UpdateLead = z.input<typeof updateLeadSchema>;

export const changeLeadStageRequestSchema = z.object({
  lead_id: z.uuid('lead_id: must be a valid id'),
  pipeline_stage_id: z.uuid('Please select a pipeline stage to update the lead.'),
  notes: z.string().trim().max(2000, 'notes: must be at most 2000 characters').optional().nullable(),
  /** Why the lead was lost: kept only when the stage is a lost one. */
  lost_reason: z
    .string()
    .trim()
    .max(LOST_REASON_MAX, `lost_reason: must be at most ${LOST_REASON_MAX} characters`)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
});
export type ChangeLeadStageRequest = z.input<typeof changeLeadStageRequestSchema>;

export const changeStatusResponseSchema = z.object({
  message: z.string(),
  prospect_id: z.uuid(),
  status_name: z.string(),
  lead_created: z.boolean(),
  calls_incremented: z.boolean(),
  should_remove_from_prospects: z.boolean(),
  lead_data: leadSchema.nullable(),
  prospect: prospectSchema,
});
export type ChangeStatusResponse = z.infer<typeof changeStatusResponseSchema>;
