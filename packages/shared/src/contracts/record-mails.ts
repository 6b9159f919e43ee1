import { z } from 'zod';
import { EMAIL_ADDRESS_PATTERN, hasControlCharacter, timestampSchema, uuidSchema } from './common';
import { EMAIL_MAX_LENGTH } from './auth';

export const MAIL_SUBJECT_MAX_LENGTH = 300;
export const MAIL_BODY_MAX_LENGTH = 50_000;
/** Recipients of one mail written from a record: the record's addresses, so a handful. */
export const MAIL_RECIPIENTS_MAX = 5;
export const MAIL_TEMPLATE_NAME_MAX_LENGTH = 100;
export const MAIL_TEMPLATE_BODY_MAX_LENGTH = 20_000;

/**
 * The merge fields a template may use, each written `{{name}}`: the record's company, its contact's
 * first name (the first word of Manager), the sending rep's name and mailbox address, and the link
 * of the lead's quotation last sent to the client.
 */
export const MERGE_FIELDS = ['company', 'first_name', 'rep_name', 'rep_email', 'quotation_link'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export const MERGE_FIELD_LABELS: Record<MergeField, string> = {
  company: "The record's company name",
  first_name: "The contact's first name (the record's Manager)",
  rep_name: 'Your name',
  rep_email: 'The address the mail is sent from',
  quotation_link: "The link of the lead's quotation last sent to the client",
};

/** `{{ name }}`, with optional spaces inside the braces. */
const MERGE_TAG = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The names written in `{{…}}` that are not merge fields, each once, in order of appearance. */
export function unknownMergeFields(text: string): string[] {
  const unknown: string[] = [];
  for (const [, name] of text.matchAll(MERGE_TAG)) {
    if (!(MERGE_FIELDS as readonly string[]).includes(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

/** The merge fields the text uses, each once. */
export function usedMergeFields(text: string): MergeField[] {
  const used: MergeField[] = [];
  for (const [, name] of text.matchAll(MERGE_TAG)) {
    if ((MERGE_FIELDS as readonly string[]).includes(name) && !used.includes(name as MergeField)) used.push(name as MergeField);
  }
  return used;
}

/** The text with each merge field replaced by its value (an unknown one is left as written: the contracts refuse it first). */
export function fillMergeFields(text: string, values: Partial<Record<MergeField, string>>): string {
  return text.replace(MERGE_TAG, (tag, name: string) => ((MERGE_FIELDS as readonly string[]).includes(name) ? (values[name as MergeField] ?? '') : tag));
}

export const unknownMergeFieldMessage = (field: string, names: string[]) =>
  `${field}: unknown merge field ${names.map((name) => `{{${name}}}`).join(', ')}; use ${MERGE_FIELDS.map((name) => `{{${name}}}`).join(', ')}`;

/** A subject is one line: a line break (or any control character) in it would start a header of its own. */
const subjectSchema = (field: string) =>
  z
    .string({ error: `${field}: must be text` })
    .max(MAIL_SUBJECT_MAX_LENGTH, `${field}: must be at most ${MAIL_SUBJECT_MAX_LENGTH} characters`)
    .refine((text) => text.trim().length > 0, `${field}: please enter a subject`)
    .refine((text) => !hasControlCharacter(text), `${field}: must be one line, without control characters`);

const bodySchema = (field: string, max: number) =>
  z
    .string({ error: `${field}: must be text` })
    .max(max, `${field}: must be at most ${max.toLocaleString('en-US')} characters`)
    .refine((text) => text.trim().length > 0, `${field}: please write the mail`);

const templateText = <T extends z.ZodType<string>>(schema: T, field: string) =>
  schema.superRefine((text, ctx) => {
    const unknown = unknownMergeFields(text);
    if (unknown.length) ctx.addIssue({ code: 'custom', message: unknownMergeFieldMessage(field, unknown) });
  });

/** An address a mail goes to: one address, nothing a header could be smuggled in with. */
const recipientSchema = z
  .string({ error: 'to: each recipient must be an address' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, `to: an address is at most ${EMAIL_MAX_LENGTH} characters`)
  .regex(EMAIL_ADDRESS_PATTERN, 'to: each recipient must be an email address')
  .refine((address) => !hasControlCharacter(address) && !/[,;<>"()]/.test(address), 'to: each recipient must be one plain address');

/** POST /crm/{prospects|leads}/{id}/mails: a mail to the record's addresses from one of the user's connected mailboxes. */
export const sendRecordMailSchema = z.object({
  account_id: z.uuid({ error: 'account_id: choose one of your mailboxes' }),
  to: z
    .array(recipientSchema, { error: 'to: must be a list of addresses' })
    .min(1, 'to: choose at least one address')
    .max(MAIL_RECIPIENTS_MAX, `to: at most ${MAIL_RECIPIENTS_MAX} addresses`),
  subject: subjectSchema('subject'),
  body: bodySchema('body', MAIL_BODY_MAX_LENGTH),
  /** The template it was written from, kept in the audit trail. */
  template_id: uuidSchema.nullable().optional(),
  /** A mail of this record it answers: the new one joins its conversation (In-Reply-To, References). */
  in_reply_to: uuidSchema.nullable().optional(),
});
export type SendRecordMailInput = z.input<typeof sendRecordMailSchema>;
export type SendRecordMail = z.output<typeof sendRecordMailSchema>;

export const mailAddressSchema = z.object({ address: z.string(), name: z.string() });
export type MailAddressDto = z.infer<typeof mailAddressSchema>;

export const MAIL_DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;

/** One mail as a record shows it: sanitized text, never HTML. */
export const recordMailSchema = z.object({
  id: uuidSchema,
  direction: z.enum(['sent', 'received']),
  thread_key: z.string(),
  subject: z.string(),
  from: mailAddressSchema,
  to: z.array(mailAddressSchema),
  cc: z.array(mailAddressSchema),
  /** Plain text, as the app shows it (an HTML mail's text): nothing of it is rendered as markup. */
  body: z.string(),
  /** The body was longer than the app keeps; the whole mail is in the original. */
  body_truncated: z.boolean(),
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), size: z.number().int() })),
  sent_at: timestampSchema,
  /** The mailbox's user: who sent it, or in whose mailbox it arrived; null once deleted. */
  user_name: z.string().nullable(),
  /** A mail sent from the app: its delivery through the mailbox (queued with its tries, sent, failed and why). */
  delivery: z
    .object({ status: z.enum(MAIL_DELIVERY_STATUSES), attempts: z.number().int(), error: z.string().nullable(), sent_at: timestampSchema.nullable() })
    .nullable(),
  /** Size in bytes of the original kept for download; 0 when none is kept. */
  original_size: z.number().int(),
});
export type RecordMail = z.infer<typeof recordMailSchema>;

/** A conversation: its mails oldest first; the list's conversations newest first. */
export const mailThreadSchema = z.object({
  key: z.string(),
  subject: z.string(),
  last_at: timestampSchema,
  mails: z.array(recordMailSchema),
});
export type MailThread = z.infer<typeof mailThreadSchema>;
export const recordMailListSchema = z.object({ threads: z.array(mailThreadSchema) });
export type RecordMailList = z.infer<typeof recordMailListSchema>;

export const recordMailParamsSchema = z.object({ id: uuidSchema, mail_id: uuidSchema });

/** What the composer offers: the record's addresses and the user's mailboxes that can send. */
export const mailComposeOptionsSchema = z.object({
  addresses: z.array(z.string()),
  mailboxes: z.array(z.object({ id: uuidSchema, email_address: z.string() })),
});
export type MailComposeOptions = z.infer<typeof mailComposeOptionsSchema>;

// Templates

export const mailTemplateWriteSchema = z.object({
  tenant_id: uuidSchema,
  name: z
    .string({ error: 'name: must be text' })
    .trim()
    .min(1, 'name: please enter a name')
    .max(MAIL_TEMPLATE_NAME_MAX_LENGTH, `name: must be at most ${MAIL_TEMPLATE_NAME_MAX_LENGTH} characters`)
    .refine((text) => !hasControlCharacter(text), 'name: must be one line, without control characters'),
  subject: templateText(subjectSchema('subject'), 'subject'),
  body: templateText(bodySchema('body', MAIL_TEMPLATE_BODY_MAX_LENGTH), 'body'),
});
export type MailTemplateWriteInput = z.input<typeof mailTemplateWriteSchema>;
export type MailTemplateWrite = z.output<typeof mailTemplateWriteSchema>;

export const mailTemplateSchema = z.object({
  id: uuidSchema,
  tenant_id: uuidSchema,
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  created_by: uuidSchema.nullable(),
  created_by_name: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type MailTemplate = z.infer<typeof mailTemplateSchema>;
export const mailTemplateListSchema = z.object({ templates: z.array(mailTemplateSchema) });
export type MailTemplateList = z.infer<typeof mailTemplateListSchema>;
export const mailTemplateListQuerySchema = z.object({ tenant_id: uuidSchema });

/**
 * POST /crm/mail-templates/preview: a subject and body (a template's, or as being edited) filled on
 * a record, as sent from the mailbox `account_id` (else the user's own address stands for {{rep_email}}).
 */
export const mailTemplatePreviewSchema = z.object({
  record_type: z.enum(['prospect', 'lead'], { error: 'record_type: must be prospect or lead' }),
  record_id: uuidSchema,
  account_id: uuidSchema.nullable().optional(),
  subject: templateText(z.string({ error: 'subject: must be text' }).max(MAIL_SUBJECT_MAX_LENGTH), 'subject'),
  body: templateText(z.string({ error: 'body: must be text' }).max(MAIL_TEMPLATE_BODY_MAX_LENGTH), 'body'),
});
export type MailTemplatePreviewInput = z.input<typeof mailTemplatePreviewSchema>;

export const mailTemplatePreviewResponseSchema = z.object({
  subject: z.string(),
  body: z.string(),
  /** Fields the text uses that have no value on this record (they are left empty). */
  missing: z.array(z.enum(MERGE_FIELDS)),
});
export type MailTemplatePreview = z.infer<typeof mailTemplatePreviewResponseSchema>;
