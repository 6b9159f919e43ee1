import { z } from 'zod';
import { DEFAULT_PAGE, pageInfoSchema, PAGE_MAX, PAGE_SIZE, PAGE_SIZE_MAX } from './common';
import { SEARCH_MAX_LENGTH } from './constants';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from './unsafe-text';

export { DEFAULT_STAGE_COLOR } from './constants';

export const tenantIdSchema = z.uuid('tenant_id: a valid tenant id is required');

/** Blank strings from forms mean "not given". */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine(isSafeText, UNSAFE_TEXT_MESSAGE)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

export const paginationSchema = pageInfoSchema;

export const OWNER_FILTER_INVALID = 'owner_id: must be me, none or a valid user id';

/** Whose records: `me` (the caller's), `none` (unassigned) or a user's id. */
export const ownerFilterSchema = z.union([z.literal('me'), z.literal('none'), z.uuid(OWNER_FILTER_INVALID)], { error: OWNER_FILTER_INVALID });
export type OwnerFilter = z.infer<typeof ownerFilterSchema>;

/** Records owned by members of this team. */
export const teamFilterSchema = z.uuid('team_id: must be a valid id');

/**
 * page and limit of every list: default page 1 and 20 rows, at most 100. The page's maximum is
 * checked before it is a whole number: a number past it is refused by both, and says the limit.
 */
export const pageQuerySchema = z.object({
  tenant_id: tenantIdSchema,
  page: z.coerce
    .number()
    .max(PAGE_MAX, `page: must be at most ${PAGE_MAX}`)
    .int('page: must be a whole number')
    .min(1, 'page: must be at least 1')
    .default(DEFAULT_PAGE),
  limit: z.coerce
    .number()
    .int('limit: must be a whole number')
    .min(1, 'limit: must be at least 1')
    .max(PAGE_SIZE_MAX, `limit: must be at most ${PAGE_SIZE_MAX}`)
    .default(PAGE_SIZE),
});

/** The prospects' and leads' lists: a page, a search and the filters they share. */
export const listQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(SEARCH_MAX_LENGTH, `q: must be at most ${SEARCH_MAX_LENGTH} characters`).optional(),
  status_id: z.uuid('status_id: must be a valid id').optional(),
  pipeline_stage_id: z.uuid('pipeline_stage_id: must be a valid id').optional(),
  owner_id: ownerFilterSchema.optional(),
  team_id: teamFilterSchema.optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const tenantQuerySchema = z.object({ tenant_id: tenantIdSchema });

export const deletedResponseSchema = z.object({ message: z.string() });
