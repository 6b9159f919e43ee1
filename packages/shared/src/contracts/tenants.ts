import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common';
import { currencySchema, DEFAULT_CURRENCY } from './amounts';
import { countryCodeSchema, DEFAULT_COUNTRY } from './phones';

/** A tenant needs a name and a domain; these sentences are shown to the admin as they are. */
export const TENANT_NAME_REQUIRED = 'Tenant name is required. Please enter a name for the tenant.';
export const TENANT_DOMAIN_REQUIRED = 'Domain is required. Please enter a domain for the tenant.';

export const TENANT_LIMITS = { name: 200, domain: 253, description: 2000 } as const;

/** Who may change the tenant's statuses, pipeline stages (with their probabilities) and goals. */
export const SETUP_CHANGES = ['everyone', 'admins'] as const;
export type SetupChanges = (typeof SETUP_CHANGES)[number];
export const SETUP_CHANGES_LABELS: Record<SetupChanges, string> = { everyone: 'Everyone', admins: 'Admins only' };
export const SETUP_CHANGES_ADMINS_ONLY_DETAIL = "Only admins may change this tenant's statuses, stages and goals.";
const setupChangesSchema = z.enum(SETUP_CHANGES, { error: `setup_changes: must be one of ${SETUP_CHANGES.join(', ')}` });

export const tenantSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  domain: z.string(),
  description: z.string().nullable(),
  /** The country (ISO 3166 alpha-2) the tenant's phone numbers written without + are read in. */
  default_country: z.string(),
  /** The currency (ISO 4217) of the tenant's amounts. */
  currency: z.string(),
  /** Days before a sent quotation's validity ends when its client is reminded by mail; 0: never. */
  quotation_reminder_days: z.number().int(),
  setup_changes: setupChangesSchema,
  /** Whether the website's contact-form messages come to this tenant (exactly one tenant at a time). */
  receives_website_enquiries: z.boolean(),
  created_at: timestampSchema,
});
export type Tenant = z.infer<typeof tenantSchema>;
export const tenantListSchema = z.array(tenantSchema);

const nameSchema = z
  .string({ error: TENANT_NAME_REQUIRED })
  .trim()
  .min(1, TENANT_NAME_REQUIRED)
  .max(TENANT_LIMITS.name, `Tenant name must be at most ${TENANT_LIMITS.name} characters.`);

// Domains are case-insensitive, so they are kept in lower case and compared that way.
const domainSchema = z
  .string({ error: TENANT_DOMAIN_REQUIRED })
  .trim()
  .toLowerCase()
  .min(1, TENANT_DOMAIN_REQUIRED)
  .max(TENANT_LIMITS.domain, `Domain must be at most ${TENANT_LIMITS.domain} characters.`)
  .regex(/^\S*$/, 'Domain must not contain spaces.');

// A blank description is no description; left out (undefined) means "keep" on an update.
const descriptionSchema = z
  .string()
  .trim()
  .max(TENANT_LIMITS.description, `Description must be at most ${TENANT_LIMITS.description} characters.`)
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

export const QUOTATION_REMINDER_DAYS = { default: 3, max: 365 } as const;
const REMINDER_DAYS_INVALID = `Reminder days must be a whole number from 0 to ${QUOTATION_REMINDER_DAYS.max} (0: no reminders).`;
const reminderDaysSchema = z
  .number({ error: REMINDER_DAYS_INVALID })
  .int(REMINDER_DAYS_INVALID)
  .min(0, REMINDER_DAYS_INVALID)
  .max(QUOTATION_REMINDER_DAYS.max, REMINDER_DAYS_INVALID);

/** The form keeps what was typed; the contract takes a number (blank or not a number: refused). */
export function reminderDaysFromText(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text.trim());
}

/** The tenant form's label for the flag, and the refusal of taking it off the one tenant that has it. */
export const RECEIVES_WEBSITE_ENQUIRIES_LABEL = 'Receives website enquiries';
export const WEBSITE_ENQUIRIES_KEEP_DETAIL =
  'receives_website_enquiries: one tenant always receives the website enquiries; mark another tenant to move them there.';
const websiteEnquiriesSchema = z.boolean({ error: 'receives_website_enquiries: must be true or false.' });

export const createTenantSchema = z.object({
  name: nameSchema,
  domain: domainSchema,
  description: descriptionSchema,
  default_country: countryCodeSchema.default(DEFAULT_COUNTRY),
  currency: currencySchema.default(DEFAULT_CURRENCY),
  quotation_reminder_days: reminderDaysSchema.default(QUOTATION_REMINDER_DAYS.default),
  setup_changes: setupChangesSchema.default('everyone'),
  receives_website_enquiries: websiteEnquiriesSchema.optional(),
});
export type CreateTenantInput = z.input<typeof createTenantSchema>;
export type CreateTenant = z.output<typeof createTenantSchema>;

/** The edit dialog sends every field; a field left out keeps its value. */
export const updateTenantSchema = z.object({
  name: nameSchema.optional(),
  domain: domainSchema.optional(),
  description: descriptionSchema,
  default_country: countryCodeSchema.optional(),
  currency: currencySchema.optional(),
  quotation_reminder_days: reminderDaysSchema.optional(),
  setup_changes: setupChangesSchema.optional(),
  receives_website_enquiries: websiteEnquiriesSchema.optional(),
});
export type UpdateTenantInput = z.input<typeof updateTenantSchema>;
export type UpdateTenant = z.output<typeof updateTenantSchema>;
