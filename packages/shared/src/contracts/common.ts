import { z } from 'zod';

/**
 * Every error the API answers with has this shape. Validation errors name the field
 * ("email: must be a valid email address"); messages written as whole sentences for people
 * (ending with a full stop) are passed through as they are.
 */
export const errorResponseSchema = z.object({ detail: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Answers that carry only a sentence to show, such as the password reset request. */
export const messageResponseSchema = z.object({ message: z.string() });

/** The server's day (its TZ): the CRM's "today", which a date field defaults to whatever the browser's clock says. */
export const serverDaySchema = z.object({ today: z.iso.date() });
export type ServerDay = z.infer<typeof serverDaySchema>;
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const uuidSchema = z.uuid();

/** What counts as an email address on a record (company, client): something@domain.tld, no spaces. */
export const EMAIL_ADDRESS_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Timestamps travel as ISO 8601 strings in UTC. */
export const timestampSchema = z.iso.datetime({ offset: true });

/** `/{id}` path parameter of any resource. */
export const idParamsSchema = z.object({ id: uuidSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

export { DEFAULT_PAGE, PAGE_MAX, PAGE_SIZE, PAGE_SIZE_MAX } from './constants';

export const pageInfoSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** Offset of the first row of a page: pages count from 1 and hold `limit` rows each. */
export function pageOffset({ page, limit }: { page: number; limit: number }): number {
  return (page - 1) * limit;
}

/** Whether the text holds a control character (U+0000 to U+001F, U+007F): a line break in a header would start a header of its own. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
