import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy';

/**
 * The sender a tenant's new quotations start from (one row per tenant, none until an admin saves it),
 * and the logo its PDFs print. The logo is kept as base64 text: at most 200 KB of PNG or JPEG.
 */
export const tenantQuotationProfiles = pgTable('tenant_quotation_profiles', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull().default(''),
  companyAddress: text('company_address').notNull().default(''),
  companyPhone: text('company_phone').notNull().default(''),
  companyEmail: text('company_email').notNull().default(''),
  companyWebsite: text('company_website').notNull().default(''),
  taxRateBp: integer('tax_rate_bp').notNull(),
  terms: text('terms').notNull().default(''),
  logoBase64: text('logo_base64'),
  logoType: text('logo_type'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
