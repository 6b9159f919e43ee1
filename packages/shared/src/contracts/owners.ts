import { z } from 'zod';
import { uuidSchema } from './common';
import { listQuerySchema, tenantIdSchema } from './crm-common';

/** A user a tenant's records may be owned by: its active users. */
export const ownerOptionSchema = z.object({
  id: uuidSchema,
  full_name: z.string(),
  email: z.string(),
});
export type OwnerOption = z.infer<typeof ownerOptionSchema>;
export const ownerOptionListSchema = z.object({ owners: z.array(ownerOptionSchema) });
export type OwnerOptionList = z.infer<typeof ownerOptionListSchema>;

/** The most rows one Assign to may name; every row of a filter is assigned with `filter` instead. */
export const MAX_ASSIGN_IDS = 10_000;

export const ASSIGN_OWNER_INVALID = 'owner_id: must be a user id or null';
export const ASSIGN_TARGET_REQUIRED = 'give either ids or filter';

const listFilterFields = listQuerySchema.pick({ q: true, status_id: true, pipeline_stage_id: true, owner_id: true }).shape;

/** The lists' query as an Assign to's `filter`: every row the list shows with it. */
const prospectAssignFilterSchema = z
  .object({ ...listFilterFields, invalid_phone: z.boolean({ error: 'filter.invalid_phone: must be true or false' }).optional() })
  .strict();
const leadAssignFilterSchema = z.object(listFilterFields).strict();

function assignRequestSchema<F extends z.ZodType>(filter: F) {
  return z
    .object({
      tenant_id: tenantIdSchema,
      owner_id: z.uuid(ASSIGN_OWNER_INVALID).nullable(),
      ids: z
        .array(z.uuid('ids: must be valid ids'), { error: 'ids: must be a list of ids' })
        .min(1, 'ids: must name at least one record')
        .max(MAX_ASSIGN_IDS, `ids: must name at most ${MAX_ASSIGN_IDS.toLocaleString('en-US')} records; assign every row of a filter with filter`)
        .optional(),
      filter: filter.optional(),
    })
    .strict()
    .refine((body) => (body.ids === undefined) !== (body.filter === undefined), { message: ASSIGN_TARGET_REQUIRED, path: ['ids'] });
}

/**
 * Assign to: hand the records named by `ids`, or every record of the list's `filter`, to a user of
 * the tenant (`owner_id`), or to no one (null). Only records the caller sees are assigned.
 */
export const prospectAssignRequestSchema = assignRequestSchema(prospectAssignFilterSchema);
export type ProspectAssignRequest = z.input<typeof prospectAssignRequestSchema>;
export const leadAssignRequestSchema = assignRequestSchema(leadAssignFilterSchema);
export type LeadAssignRequest = z.input<typeof leadAssignRequestSchema>;
export type AssignFilter = z.output<typeof prospectAssignFilterSchema>;

/** How many records changed owner (those already the owner's are not counted). */
/** Why a user who sees only their own records may not hand over many at once. */
export const BULK_ASSIGN_NEEDS_VISIBILITY = 'Assigning more than one record at a time needs Team or All records visibility.';

export const assignResponseSchema = z.object({ updated: z.number().int() });
export type AssignResponse = z.infer<typeof assignResponseSchema>;

/** Whom an upload's rows go to: the uploader (the default), no one, or a team's members in turn. */
export const uploadAssignSchema = z.union(
  [z.literal('uploader'), z.literal('none'), z.object({ team_id: z.uuid('assign.team_id: must be a valid id') }).strict()],
  { error: "assign: must be 'uploader', 'none' or {team_id}" },
);
export type UploadAssign = z.infer<typeof uploadAssignSchema>;
