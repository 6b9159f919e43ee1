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
  /** The status a callback (C in the call queue) records: at most one per tenant, and it keeps the prospect on the list. */
  is_callback: z.boolean(),
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
  is_callback: z.boolean().optional(),
};

export const CALLBACK_STATUS_KEEPS_PROSPECT =
  'is_callback: A callback status keeps the prospect on the list: it cannot also convert it to a lead or remove it.';

/** A body that makes a status the callback one and also converting or removing (the database refuses the mix whatever the body). */
const callbackKeepsProspect = (status: { is_callback?: boolean; converts_to_lead?: boolean; removes_from_prospects?: boolean }) =>
  !(status.is_callback && (status.converts_to_lead || status.removes_from_prospects));
const callbackKeepsProspectRule = { message: CALLBACK_STATUS_KEEPS_PROSPECT, path: ['is_callback'] };

/** The status form: every field but the tenant, which comes from the picker. */
export const statusOptionInputSchema = z.object(statusFields).refine(callbackKeepsProspect, callbackKeepsProspectRule);

export const createStatusOptionSchema = z.object({ tenant_id: tenantIdSchema, ...statusFields }).refine(callbackKeepsProspect, callbackKeepsProspectRule);
export type CreateStatusOption = z.input<typeof createStatusOptionSchema>;

/** PUT takes a partial body: the status dialog sends only the name. */
export const updateStatusOptionSchema = z.object(statusFields).partial().refine(callbackKeepsProspect, callbackKeepsProspectRule);
export type UpdateStatusOption = z.input<typeof updateStatusOptionSchema>;
