import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common';
import { currencySchema, DEFAULT_CURRENCY } from './amounts';
import { countryCodeSchema, DEFAULT_COUNTRY } from './phones';

/** A tenant needs a name and a domain; these sentences are shown to the admin as they are. */
export const TENANT_NAME_REQUIRED = 'Tenant name is required. Please enter a name for the tenant.';
export const TENANT_DOMAIN_REQUIRED = 'Domain is required. Please enter a domain for the tenant.';

export const TENANT_LIMITS = { name: 200, domain: 253, description: 2000 } as const;

export const tenantSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  domain: z.string(),
  description: z.string().nullable(),
  /** The country (ISO 3166 alpha-2) the tenant's phone numbers written without + are read in. */
  default_country: z.string(),
  /** The currency (ISO 4217) of the tenant's amounts. */
  currency: z.string(),
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

export const createTenantSchema = z.object({
  name: nameSchema,
  domain: domainSchema,
  description: descriptionSchema,
  default_country: countryCodeSchema.default(DEFAULT_COUNTRY),
  currency: currencySchema.default(DEFAULT_CURRENCY),
});
export type CreateTenantInput = z.input<typeof createTenantSchema>;
export type CreateTenant = z.output<typeof createTenantSchema>;

/** The edit dialog sends all five fields; a field left out keeps its value. */
export const updateTenantSchema = z.object({
  name: nameSchema.optional(),
  domain: domainSchema.optional(),
  description: descriptionSchema,
  default_country: countryCodeSchema.optional(),
  currency: currencySchema.optional(),
});
export type UpdateTenantInput = z.input<typeof updateTenantSchema>;
export type UpdateTenant = z.output<typeof updateTenantSchema>;
