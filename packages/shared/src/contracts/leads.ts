import { z } from 'zod';
import { listQuerySchema, paginationSchema, tenantIdSchema } from './crm-common';
import { companyFieldsSchema, companyInputFields, prospectSchema } from './prospects';

export const leadSchema = companyFieldsSchema.extend({
  id: z.uuid(),
  tenant_id: z.uuid(),
  prospect_id: z.uuid().nullable(),
  assigned_to: z.uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

/**
 * `after` continues a list after the lead of that id (keyset paging, the board's columns): the
 * leads older than it in the same order, whatever was added or moved on the pages before.
 */
export const leadListQuerySchema = listQuerySchema.extend({
  after: z.uuid('after: must be a valid id').optional(),
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
  pipeline_stage_id: z.uuid('pipeline_stage_id: must be a valid id').optional().nullable(),
});
export type CreateLead = z.input<typeof createLeadSchema>;

/** Edit Lead: the company fields sent change; those left out keep their value. */
export const updateLeadSchema = z.object({ ...companyInputFields }).partial();
export type UpdateLead = z.input<typeof updateLeadSchema>;

export const changeLeadStageRequestSchema = z.object({
  lead_id: z.uuid('lead_id: must be a valid id'),
  pipeline_stage_id: z.uuid('Please select a pipeline stage to update the lead.'),
  notes: z.string().trim().max(2000, 'notes: must be at most 2000 characters').optional().nullable(),
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
