import { z } from 'zod';
import { tenantIdSchema } from './crm-common';

/** What a status option and a pipeline stage both are: a named, ordered, switchable choice of a tenant. */
export const tenantOptionSchema = z.object({
  id: z.uuid(),
  tenant_id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  sort_order: z.number().int(),
  is_active: z.boolean(),
  created_at: z.string(),
});

export const statusOptionSchema = tenantOptionSchema.extend({
  /** Choosing this status turns the prospect into a lead. */
  converts_to_lead: z.boolean(),
  /** Choosing this status takes the prospect off the list without a lead (e.g. Do Not Call). */
  removes_from_prospects: z.boolean(),
});
export type StatusOption = z.infer<typeof statusOptionSchema>;
export const statusOptionListSchema = z.array(statusOptionSchema);

export const STATUS_NAME_REQUIRED = 'Status name is required. Please enter a name for the status option.';

/** Sort order is parsed as an integer, falling back to 0 when it is not a number. */
export const sortOrderSchema = z.preprocess((value) => {
  const parsed = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(parsed) ? Math.trunc(parsed) : 0;
}, z.number().int().min(-100000).max(100000));

const statusFields = {
  name: z.string({ error: STATUS_NAME_REQUIRED }).trim().min(1, STATUS_NAME_REQUIRED).max(100, 'name: must be at most 100 characters'),
  description: z.string().trim().max(500, 'description: must be at most 500 characters').nullable().optional(),
  sort_order: sortOrderSchema.optional(),
  is_active: z.boolean().optional(),
  converts_to_lead: z.boolean().optional(),
  removes_from_prospects: z.boolean().optional(),
};

export const createStatusOptionSchema = z.object({ tenant_id: tenantIdSchema, ...statusFields });
export type CreateStatusOption = z.input<typeof createStatusOptionSchema>;

/** PUT takes a partial body: the status dialog sends only the name. */
export const updateStatusOptionSchema = z.object(statusFields).partial();
export type UpdateStatusOption = z.input<typeof updateStatusOptionSchema>;
