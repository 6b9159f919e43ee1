import { z } from 'zod';
import { EMAIL_INVALID } from './auth';
import { tenantIdSchema } from './crm-common';
import { CONTACT_LIMITS, CONTACT_SERVICES } from './constants';
import { COMPANY_LIMITS, createProspectSchema } from './prospects';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from './unsafe-text';

export { CONTACT_LIMITS, CONTACT_SERVICES, type ContactService } from './constants';

function requiredText(label: string, max: number) {
  const required = `${label} is required`;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSafeText, `${label} ${UNSAFE_TEXT_MESSAGE}`);
}

/** The contact form, validated the same way in the browser and on the server. */
export const contactRequestSchema = z.object({
  firstName: requiredText('First name', CONTACT_LIMITS.firstName),
  lastName: requiredText('Last name', CONTACT_LIMITS.lastName),
  email: requiredText('Email', CONTACT_LIMITS.email).pipe(z.email(EMAIL_INVALID)),
  company: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.company, `Company must be at most ${CONTACT_LIMITS.company} characters`)
    .refine(isSafeText, `Company ${UNSAFE_TEXT_MESSAGE}`)
    .optional(),
  service: z.enum(CONTACT_SERVICES, { error: 'Please choose a service from the list' }).optional(),
  message: requiredText('Message', CONTACT_LIMITS.message),
  // Honeypot: hidden from people, so only a bot fills it in.
  website: z.string().max(0, 'This field must be left empty').optional(),
});

export const contactResponseSchema = z.object({ message: z.string() });

/** What the form sends, before trimming. */
export type ContactRequestInput = z.input<typeof contactRequestSchema>;
/** What the server stores, after trimming. */
export type ContactRequest = z.output<typeof contactRequestSchema>;
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** What the contact form shows after a send; a honeypot hit gets the same, so a bot learns nothing. */
export const CONTACT_SUCCESS_MESSAGE = 'Thank you for your message! We will get back to you soon.';

/** A customer message as the Messages screen lists it (unsolved ones, newest first). */
export const supportMessageSchema = z.object({
  id: z.uuid(),
  /** First and last name as the visitor typed them. */
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
  company: z.string().nullable(),
  service: z.string().nullable(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportMessageListSchema = z.object({ messages: z.array(supportMessageSchema) });
export type SupportMessageList = z.infer<typeof supportMessageListSchema>;

/**
 * 'Convert to prospect' on a customer message: the tenant it goes to and the prospect's fields,
 * checked by the same rules as any other new prospect.
 */
export const convertMessageRequestSchema = z.object({
  tenant_id: tenantIdSchema,
  fields: createProspectSchema.omit({ tenant_id: true }),
});
export type ConvertMessageRequest = z.input<typeof convertMessageRequestSchema>;

/** The duplicate check before converting: the phone and email the prospect would get, in one tenant. */
export const messageDuplicatesQuerySchema = z.object({
  tenant_id: tenantIdSchema,
  phone1: z.string().trim().max(COMPANY_LIMITS.phone, `phone1: must be at most ${COMPANY_LIMITS.phone} characters`).optional(),
  email: z.string().trim().max(COMPANY_LIMITS.email, `email: must be at most ${COMPANY_LIMITS.email} characters`).optional(),
});
export type MessageDuplicatesQuery = z.input<typeof messageDuplicatesQuerySchema>;

/** A prospect of the tenant that already holds the phone (a new one would be refused) or the email (a warning). */
export const messageDuplicateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  phone1: z.string(),
  /** Phone1 as E.164, for showing it formatted; null when its text is not a phone number. */
  phone1_e164: z.string().nullable(),
  email: z.string().nullable(),
  matches: z.enum(['phone', 'email', 'both']),
});
export type MessageDuplicate = z.infer<typeof messageDuplicateSchema>;

export const messageDuplicatesResponseSchema = z.object({ duplicates: z.array(messageDuplicateSchema) });
export type MessageDuplicatesResponse = z.infer<typeof messageDuplicatesResponseSchema>;

export const MESSAGE_ALREADY_CONVERTED_DETAIL = 'This message has already been converted to a prospect.';

/**
 * 'Add to the existing prospect' on a customer message: the message joins that prospect's history
 * instead of making a new prospect (the way out when a prospect already holds its phone).
 */
export const addMessageToProspectRequestSchema = z.object({
  prospect_id: z.uuid('prospect_id: must be a valid id'),
});
export type AddMessageToProspectRequest = z.input<typeof addMessageToProspectRequestSchema>;
