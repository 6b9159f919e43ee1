import { z } from 'zod';
import { EMAIL_ADDRESS_PATTERN } from './common';
import { listQuerySchema, paginationSchema, tenantIdSchema } from './crm-common';
import { QUOTATION_DEFAULTS } from '../quotations/defaults';
import { computeQuotationTotals } from '../quotations/totals';
import { PRODUCT_UNITS } from './product-units';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from './unsafe-text';

export const QUOTATION_STATUSES = ['draft', 'sent', 'accepted', 'rejected', 'expired'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

export const QUOTATION_ITEM_REQUIRED = 'At least one item is required.';
export const QUOTATION_EXPIRED = 'This quotation has expired.';
export const QUOTATION_ALREADY_DECIDED = 'This quotation has already been answered.';
export const QUOTATION_LOCKED = 'An accepted or rejected quotation cannot be changed. Duplicate it to make a new draft.';
export const QUOTATION_NOT_FOUND = 'Quotation not found.';

/** Caps on what one quotation may hold. */
export const QUOTATION_LIMITS = {
  title: 200,
  text: 500,
  longText: 5000,
  terms: 10_000,
  itemDescription: 500,
  items: 200,
  quantity: 1_000_000,
  /** Decimals a quantity may have (hours: 1.5; units: 0.25). */
  quantityDecimals: 3,
  /** Highest rate of an item or of a storage block, in the quotation's currency. */
  rate: 10_000_000,
  percent: 100,
  /**
   * Highest subtotal, in the quotation's currency: with at most 100 % tax every amount of the quotation stays a
   * whole number of cents that JavaScript and JSON hold exactly (below 2^53).
   */
  subtotal: 10_000_000_000_000,
  email: 254,
  acceptName: 200,
  rejectReason: 2000,
} as const;

/** "field: message"; item fields leave the field out so the API names the item ("items[2].rate: ..."). */
const said = (field: string, message: string) => (field ? `${field}: ${message}` : message);

/** Free text of a quotation: blank allowed, trimmed, capped, without the characters no field may hold. */
export const quotationText = (field: string, max: number) =>
  z
    .string({ error: said(field, 'must be text') })
    .max(max, said(field, `must be at most ${max} characters`))
    .refine(isSafeText, said(field, UNSAFE_TEXT_MESSAGE))
    .transform((value) => value.trim());

const optionalQuotationText = (field: string, max: number) =>
  quotationText(field, max)
    .nullable()
    .optional()
    .transform((value) => value ?? '');

const optionalEmail = (field: string) =>
  optionalQuotationText(field, QUOTATION_LIMITS.email).refine(
    (value) => !value || EMAIL_ADDRESS_PATTERN.test(value),
    said(field, 'must be a valid email address'),
  );

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** A non-negative amount with at most two decimals (money in the quotation's currency, or a percentage). */
export const decimalField = (field: string, max: number) =>
  z
    .number({ error: said(field, 'must be a number') })
    .min(0, said(field, 'must be at least 0'))
    .max(max, said(field, `must be at most ${max}`))
    .refine(hasAtMostTwoDecimals, said(field, 'must have at most 2 decimals'));

const isoDate = (field: string) => z.iso.date(said(field, 'must be a date (YYYY-MM-DD)'));

// Plain decimal notation as a form holds it: digits, optionally a point and more digits ("2", "1.5", ".25").
const DECIMAL_TEXT = /^(\d+\.?\d*|\.\d+)$/;
const EXPONENT_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)[eE][+-]?\d+$/;

/** The decimals of a quantity: of the text as typed (trailing zeros aside), else of the number's shortest form. */
function decimalsOf(value: number | string): number {
  if (typeof value === 'number') {
    const text = String(value);
    // Only numbers below 1e-6 (or above the cap) print in exponent form: more decimals than allowed.
    if (text.includes('e')) return Infinity;
    return text.split('.')[1]?.length ?? 0;
  }
  return (value.split('.')[1] ?? '').replace(/0+$/, '').length;
}

/** Why a quantity cannot be taken, or null: a number, or its text in plain decimal notation. */
function quantityIssue(value: number | string): string | null {
  const text = typeof value === 'string' ? value.trim() : value;
  if (typeof text === 'string' && EXPONENT_TEXT.test(text)) return 'must be written without an exponent (1000, not 1e3)';
  if (typeof text === 'string' && !DECIMAL_TEXT.test(text))
    return /^-/.test(text) && DECIMAL_TEXT.test(text.slice(1)) ? 'must be more than 0' : 'must be a number';
  const quantity = Number(text);
  if (!Number.isFinite(quantity)) return 'must be a number';
  if (quantity <= 0) return 'must be more than 0';
  if (quantity > QUOTATION_LIMITS.quantity) return `must be at most ${QUOTATION_LIMITS.quantity}`;
  if (decimalsOf(text) > QUOTATION_LIMITS.quantityDecimals) return `must have at most ${QUOTATION_LIMITS.quantityDecimals} decimals`;
  return null;
}

/**
 * An item's quantity: more than 0, at most 3 decimals. A JSON number, or the text a form holds
 * ("0.5", "1.25"); text in exponent notation ("1e3") is refused, as the builder's field shows it.
 * The quantity is kept and answered as the number given.
 */
export const quotationQuantity = z.union([z.number(), z.string()], { error: 'must be a number' }).transform((value, context) => {
  const issue = quantityIssue(value);
  if (issue) {
    context.addIssue({ code: 'custom', message: issue });
    return z.NEVER;
  }
  return Number(typeof value === 'string' ? value.trim() : value);
});

/** What a line's quantity counts (a catalogue product's unit, copied with it); none: the number alone. */
const itemUnitSchema = z
  .enum(PRODUCT_UNITS, { error: `must be one of ${PRODUCT_UNITS.join(', ')}` })
  .nullable()
  .optional()
  .transform((unit) => unit ?? null);

export const quotationItemInputSchema = z.object({
  description: optionalQuotationText('', QUOTATION_LIMITS.itemDescription),
  quantity: quotationQuantity,
  unit: itemUnitSchema,
  rate: decimalField('', QUOTATION_LIMITS.rate),
});
export type QuotationItemInput = z.input<typeof quotationItemInputSchema>;

/**
 * Every field of the quotation draft. Text may be blank; rates and storage left out take the
 * defaults (tax 8.25 %, discount 0 %, 200 MB included, $0.09 per 200 MB block); dates left out
 * are today and 30 days later (quotationDates).
 */
export const quotationDraftFields = {
  company_name: optionalQuotationText('company_name', QUOTATION_LIMITS.text),
  company_address: optionalQuotationText('company_address', QUOTATION_LIMITS.text),
  company_phone: optionalQuotationText('company_phone', 50),
  company_email: optionalEmail('company_email'),
  company_website: optionalQuotationText('company_website', QUOTATION_LIMITS.text),
  client_name: optionalQuotationText('client_name', QUOTATION_LIMITS.text),
  client_address: optionalQuotationText('client_address', QUOTATION_LIMITS.text),
  client_email: optionalEmail('client_email'),
  client_phone: optionalQuotationText('client_phone', 50),
  title: optionalQuotationText('title', QUOTATION_LIMITS.title),
  product_name: optionalQuotationText('product_name', QUOTATION_LIMITS.text),
  product_overview: optionalQuotationText('product_overview', QUOTATION_LIMITS.longText),
  product_description: optionalQuotationText('product_description', QUOTATION_LIMITS.longText),
  subscription_plan: optionalQuotationText('subscription_plan', QUOTATION_LIMITS.text),
  subscription_includes: optionalQuotationText('subscription_includes', QUOTATION_LIMITS.longText),
  included_storage: optionalQuotationText('included_storage', 50).transform((value) => value || QUOTATION_DEFAULTS.includedStorage),
  additional_storage_rate: decimalField('additional_storage_rate', QUOTATION_LIMITS.rate).default(QUOTATION_DEFAULTS.additionalStorageRate),
  storage_block_size: optionalQuotationText('storage_block_size', 50).transform((value) => value || QUOTATION_DEFAULTS.storageBlockSize),
  tax_rate: decimalField('tax_rate', QUOTATION_LIMITS.percent).default(QUOTATION_DEFAULTS.taxRate),
  discount_rate: decimalField('discount_rate', QUOTATION_LIMITS.percent).default(QUOTATION_DEFAULTS.discountRate),
  terms: optionalQuotationText('terms', QUOTATION_LIMITS.terms),
  quote_date: isoDate('quote_date').optional(),
  valid_until: isoDate('valid_until').optional(),
  items: z
    .array(quotationItemInputSchema, { error: `items: ${QUOTATION_ITEM_REQUIRED}` })
    .min(1, QUOTATION_ITEM_REQUIRED)
    .max(QUOTATION_LIMITS.items, `items: at most ${QUOTATION_LIMITS.items} items`)
    .refine(
      (items) => computeQuotationTotals({ items, tax_rate: 0, discount_rate: 0 }).subtotal <= QUOTATION_LIMITS.subtotal * 100,
      `items: the subtotal must be at most ${QUOTATION_LIMITS.subtotal.toLocaleString('en-US')}`,
    ),
  lead_id: z.uuid('lead_id: must be a valid id').optional().nullable(),
};

type DraftField = keyof typeof quotationDraftFields;
const NON_TEXT_DRAFT_FIELDS: readonly DraftField[] = ['additional_storage_rate', 'tax_rate', 'discount_rate', 'quote_date', 'valid_until', 'items', 'lead_id'];

/** The draft's free-text fields, in the draft's order: stored, listed and printed as they are. */
export const QUOTATION_TEXT_FIELDS = (Object.keys(quotationDraftFields) as DraftField[]).filter((field) => !NON_TEXT_DRAFT_FIELDS.includes(field));

const validAfterQuoteDate = (draft: { quote_date?: string; valid_until?: string }) =>
  !draft.quote_date || !draft.valid_until || draft.valid_until >= draft.quote_date;
const VALID_UNTIL_ORDER = { message: 'valid_until: must not be before quote_date', path: ['valid_until'] };

/** The builder's form: the draft without the tenant (the form knows its tenant separately). */
export const quotationDraftSchema = z.object(quotationDraftFields).refine(validAfterQuoteDate, VALID_UNTIL_ORDER);
export type QuotationDraftInput = z.input<typeof quotationDraftSchema>;
export type QuotationDraft = z.output<typeof quotationDraftSchema>;

/** POST /quotations. */
export const createQuotationSchema = z.object({ tenant_id: tenantIdSchema, ...quotationDraftFields }).refine(validAfterQuoteDate, VALID_UNTIL_ORDER);
export type CreateQuotation = z.input<typeof createQuotationSchema>;

/** PUT /quotations/{id}: the whole draft (the tenant is the quotation's own). */
export const updateQuotationSchema = quotationDraftSchema;
export type UpdateQuotation = z.input<typeof updateQuotationSchema>;

const money = z.number();

/** An ISO 4217 code as the API answers it: a quotation's currency, its tenant's when it was made. */
export const currencyCodeSchema = z.string().regex(/^[A-Z]{3}$/);

export const quotationItemSchema = z.object({
  id: z.uuid(),
  description: z.string(),
  /** As given: up to 3 decimals. */
  quantity: z.number(),
  unit: z.enum(PRODUCT_UNITS).nullable(),
  rate: money,
  amount: money,
});
export type QuotationItem = z.infer<typeof quotationItemSchema>;

/**
 * The amounts the server computes with computeQuotationTotals, exact to the cent, in the
 * quotation's currency: its tenant's when it was made, kept whatever the tenant changes later.
 */
export const quotationAmountsSchema = z.object({
  subtotal: money,
  discount_amount: money,
  tax_amount: money,
  total: money,
  currency: currencyCodeSchema,
});

/** What the client sees of a quotation, on the public page and in the PDF. */
export const quotationContentSchema = quotationAmountsSchema.extend({
  number: z.string(),
  status: z.enum(QUOTATION_STATUSES),
  company_name: z.string(),
  company_address: z.string(),
  company_phone: z.string(),
  company_email: z.string(),
  company_website: z.string(),
  client_name: z.string(),
  client_address: z.string(),
  client_email: z.string(),
  client_phone: z.string(),
  title: z.string(),
  product_name: z.string(),
  product_overview: z.string(),
  product_description: z.string(),
  subscription_plan: z.string(),
  subscription_includes: z.string(),
  included_storage: z.string(),
  additional_storage_rate: money,
  storage_block_size: z.string(),
  tax_rate: z.number(),
  discount_rate: z.number(),
  terms: z.string(),
  quote_date: z.string(),
  valid_until: z.string(),
  items: z.array(quotationItemSchema.omit({ id: true })),
  /** The client's answer: who accepted, or why it was rejected, and when. */
  decided_at: z.string().nullable(),
  accepted_by: z.string().nullable(),
  rejection_reason: z.string().nullable(),
});

/** A quotation as staff see it. `share_url` is set while the quotation is sent and its link works. */
export const quotationSchema = quotationContentSchema.extend({
  id: z.uuid(),
  tenant_id: z.uuid(),
  lead_id: z.uuid().nullable(),
  items: z.array(quotationItemSchema),
  share_url: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Quotation = z.infer<typeof quotationSchema>;

export const QUOTATION_MAIL_STATUSES = ['queued', 'sent', 'failed', 'not_configured'] as const;
export type QuotationMailStatus = (typeof QUOTATION_MAIL_STATUSES)[number];

/**
 * The latest mail of a quotation's link to its client: queued (with the tries so far), sent (when),
 * failed (the SMTP server's answer), or not configured (the server has no SMTP_URL).
 */
export const quotationMailSchema = z.object({
  status: z.enum(QUOTATION_MAIL_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
  to: z.string(),
});
export type QuotationMail = z.infer<typeof quotationMailSchema>;

/** GET /quotations/{id}: the quotation and its mail (null when none was ever queued). */
export const quotationDetailSchema = quotationSchema.extend({ mail: quotationMailSchema.nullable() });
export type QuotationDetail = z.infer<typeof quotationDetailSchema>;

/** The list's query: the CRM lists' tenant, page and limit, with q and status of its own. */
export const quotationListQuerySchema = listQuerySchema.omit({ status_id: true, pipeline_stage_id: true, q: true }).extend({
  q: z.string().trim().max(200, 'q: must be at most 200 characters').optional(),
  status: z.enum(QUOTATION_STATUSES, 'status: must be draft, sent, accepted, rejected or expired').optional(),
});
export type QuotationListQuery = z.input<typeof quotationListQuerySchema>;

/**
 * The four counters over all of a tenant's quotations the caller sees; pending = sent and not
 * expired. Amounts of different currencies are never added up: total_value is the sum of the totals
 * of the quotations in the tenant's currency (`currency`), and `other_currencies` counts the
 * quotations it leaves out, made before the tenant changed its currency.
 */
export const quotationSummarySchema = z.object({
  total: z.number().int(),
  total_value: money,
  currency: currencyCodeSchema,
  other_currencies: z.number().int(),
  accepted: z.number().int(),
  pending: z.number().int(),
});
export type QuotationSummary = z.infer<typeof quotationSummarySchema>;

export const quotationListResponseSchema = z.object({
  quotations: z.array(quotationSchema),
  pagination: paginationSchema,
  summary: quotationSummarySchema,
});
export type QuotationListResponse = z.infer<typeof quotationListResponseSchema>;

/** POST /quotations/{id}/send: the link to give the client; it stops working after valid_until. */
export const sendQuotationResponseSchema = z.object({
  status: z.literal('sent'),
  share_url: z.string(),
  expires_at: z.string(),
  /** Whether the link was mailed to client_email (only with mail configured and an address given). */
  mailed: z.boolean(),
});
export type SendQuotationResponse = z.infer<typeof sendQuotationResponseSchema>;

export const QUOTATION_HISTORY_KINDS = ['created', 'edited', 'sent', 'viewed', 'accepted', 'rejected', 'reminded', 'expired'] as const;
export type QuotationHistoryKind = (typeof QUOTATION_HISTORY_KINDS)[number];

export const quotationHistoryEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(QUOTATION_HISTORY_KINDS),
  summary: z.string(),
  /** The staff member's name or email; the client's name for decisions; null for views. */
  actor: z.string().nullable(),
  created_at: z.string(),
});
export type QuotationHistoryEntry = z.infer<typeof quotationHistoryEntrySchema>;

export const quotationHistoryResponseSchema = z.object({ history: z.array(quotationHistoryEntrySchema) });
export type QuotationHistoryResponse = z.infer<typeof quotationHistoryResponseSchema>;

/** The client's view through the link: no tenant, no internal ids, no lead, no creator. */
export const publicQuotationSchema = quotationContentSchema;
export type PublicQuotation = z.infer<typeof publicQuotationSchema>;

export const quotationTokenParamsSchema = z.object({
  token: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'token: not a valid link'),
});

export const ACCEPT_NAME_REQUIRED = 'Please enter your name to accept.';
export const acceptQuotationSchema = z.object({
  name: quotationText('name', QUOTATION_LIMITS.acceptName).refine((value) => value.trim().length > 0, ACCEPT_NAME_REQUIRED),
});
export type AcceptQuotation = z.input<typeof acceptQuotationSchema>;

export const rejectQuotationSchema = z.object({
  reason: optionalQuotationText('reason', QUOTATION_LIMITS.rejectReason),
});
export type RejectQuotation = z.input<typeof rejectQuotationSchema>;
