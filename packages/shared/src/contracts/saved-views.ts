import { z } from 'zod';
import { SAVED_VIEW_TARGETS, VIEW_PARAM_KEYS, type ViewParamKey } from './constants';
import { tenantIdSchema } from './crm-common';

export { SAVED_VIEW_TARGETS, VIEW_PARAM_KEYS, type SavedViewTarget, type ViewParamKey } from './constants';

export const SAVED_VIEW_QUERY_MAX_KEYS = 20;
export const SAVED_VIEW_VALUE_MAX = 500;
export const SAVED_VIEW_NAME_MAX = 100;
export const SAVED_VIEW_NAME_REQUIRED = 'name: a view needs a name';
export const SAVED_VIEW_NAME_TAKEN = 'name: you already have a view with this name here';
export const SAVED_VIEW_NOT_FOUND = 'View not found.';
export const SAVED_VIEW_NOT_YOURS = 'Only the one who saved a view may delete it.';

const KNOWN_KEYS: ReadonlySet<string> = new Set(VIEW_PARAM_KEYS);

/** A view's parameters: known keys only, each a short string. */
export const viewQuerySchema = z
  .record(
    z.string(),
    z.string({ error: 'query: every value must be text' }).max(SAVED_VIEW_VALUE_MAX, `query: a value may be at most ${SAVED_VIEW_VALUE_MAX} characters`),
    {
      error: 'query: must be an object of texts',
    },
  )
  .refine((query) => Object.keys(query).length <= SAVED_VIEW_QUERY_MAX_KEYS, `query: at most ${SAVED_VIEW_QUERY_MAX_KEYS} parameters`)
  .refine((query) => Object.keys(query).every((key) => KNOWN_KEYS.has(key)), `query: parameters may only be ${VIEW_PARAM_KEYS.join(', ')}`);
export type ViewQuery = Partial<Record<ViewParamKey, string>>;

export const savedViewSchema = z.object({
  id: z.uuid(),
  tenant_id: z.uuid(),
  user_id: z.uuid(),
  /** Who saved it, as the menu names them beside a shared view. */
  user_name: z.string(),
  name: z.string(),
  target: z.enum(SAVED_VIEW_TARGETS),
  query: z.record(z.string(), z.string()),
  shared: z.boolean(),
  created_at: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;
export const savedViewListSchema = z.array(savedViewSchema);

const targetSchema = z.enum(SAVED_VIEW_TARGETS, `target: must be one of ${SAVED_VIEW_TARGETS.join(', ')}`);

export const savedViewNameSchema = z
  .string({ error: SAVED_VIEW_NAME_REQUIRED })
  .trim()
  .min(1, SAVED_VIEW_NAME_REQUIRED)
  .max(SAVED_VIEW_NAME_MAX, `name: must be at most ${SAVED_VIEW_NAME_MAX} characters`);

/** The save dialog's fields. */
export const savedViewInputSchema = z.object({ name: savedViewNameSchema, shared: z.boolean({ error: 'shared: must be true or false' }).default(false) });
export type SavedViewInput = z.input<typeof savedViewInputSchema>;

export const createSavedViewSchema = savedViewInputSchema.extend({ tenant_id: tenantIdSchema, target: targetSchema, query: viewQuerySchema });
export type CreateSavedView = z.input<typeof createSavedViewSchema>;

export const savedViewsQuerySchema = z.object({ tenant_id: tenantIdSchema, target: targetSchema.optional() });
export type SavedViewsQuery = z.infer<typeof savedViewsQuerySchema>;
