import { z } from 'zod';

/**
 * Every error the API answers with has this shape. Validation errors name the field
 * ("email: Invalid email address"); messages written as whole sentences for people
 * (ending with a full stop) are passed through as they are.
 */
export const errorResponseSchema = z.object({ detail: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Answers that carry only a sentence to show, such as the password reset request. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const uuidSchema = z.uuid();

/** Timestamps travel as ISO 8601 strings in UTC. */
export const timestampSchema = z.iso.datetime({ offset: true });

/** `/{id}` path parameter of any resource. */
export const idParamsSchema = z.object({ id: uuidSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

export const DEFAULT_PAGE = 1;
export const PAGE_SIZE = 20;
export const PAGE_SIZE_MAX = 100;

/** `?page=&limit=` of list endpoints: page 1 and 20 rows unless asked otherwise (spec section 9). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageInfoSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** A list answer: `{ [key]: items, pagination: { total, page, limit } }`. */
export function paginatedSchema<Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  return z.object({ [key]: z.array(item), pagination: pageInfoSchema } as {
    [K in Key]: z.ZodArray<Item>;
  } & { pagination: typeof pageInfoSchema });
}

/** Offset of the first row of a page, for the repositories. */
export function pageOffset({ page, limit }: PageQuery): number {
  return (page - 1) * limit;
}
