import { z } from 'zod';
import { amountSchema } from './amounts';
import { pageQuerySchema, paginationSchema, tenantIdSchema } from './crm-common';
import { currencyCodeSchema, decimalField, QUOTATION_LIMITS } from './quotations';
import { PRODUCT_UNITS } from './product-units';

export { isProductUnit, PRODUCT_UNITS, productUnitLabel, unitName, type ProductUnit } from './product-units';

/*
 * A tenant's catalogue of products and services: what a quotation's line picks from and copies, so a
 * quotation made from it never changes when a product is repriced or archived later.
 */

export const PRODUCT_LIMITS = { name: 200, description: 280 } as const;

export const PRODUCT_NAME_REQUIRED = 'name: Please enter the name of the product or service.';
export const PRODUCT_NAME_TAKEN = 'name: A product or service of this name is already in the catalogue.';
export const PRODUCT_NOT_FOUND = 'Product not found.';
export const PRODUCT_NOTHING_TO_CHANGE = 'Nothing to change: send at least one of name, description, unit, price, tax_rate or archived.';
export const PRODUCT_UNIT_INVALID = `unit: must be one of ${PRODUCT_UNITS.join(', ')}`;
/** Who may change the catalogue: admins, and everyone else unless the tenant keeps its setup for admins. */
export const PRODUCTS_ADMINS_ONLY_DETAIL = "Only admins may change this tenant's products and services.";

const productUnitSchema = z.enum(PRODUCT_UNITS, { error: PRODUCT_UNIT_INVALID });

/**
 * A price: at most 2 decimals, from 0 to the highest rate a quotation's line takes, as a number or
 * its text ("1,500.50"), read by the rule of every amount (amountSchema); answered as a number.
 */
const priceSchema = amountSchema('price')
  .transform(Number)
  .refine((price) => price <= QUOTATION_LIMITS.rate, `price: must be at most ${QUOTATION_LIMITS.rate}`);

const productFields = {
  name: z
    .string({ error: PRODUCT_NAME_REQUIRED })
    .trim()
    .min(1, PRODUCT_NAME_REQUIRED)
    .max(PRODUCT_LIMITS.name, `name: must be at most ${PRODUCT_LIMITS.name} characters`),
  description: z
    .string({ error: 'description: must be text' })
    .trim()
    .max(PRODUCT_LIMITS.description, `description: must be at most ${PRODUCT_LIMITS.description} characters`)
    .nullable()
    .optional()
    .transform((value) => value ?? ''),
  unit: productUnitSchema,
  price: priceSchema,
  tax_rate: decimalField('tax_rate', QUOTATION_LIMITS.percent),
};

/** The product form: every field but the tenant, which the page knows. */
export const productInputSchema = z.object(productFields);
export type ProductInput = z.input<typeof productInputSchema>;

/** POST /crm/products: priced in the tenant's currency. */
export const createProductSchema = z.object({ tenant_id: tenantIdSchema, ...productFields });
export type CreateProduct = z.input<typeof createProductSchema>;

/**
 * PUT /crm/products/{id}: the fields sent change, the others stay. A new price is in the tenant's
 * currency; `archived` takes a product out of the builder's picker (true) or puts it back (false).
 */
export const updateProductSchema = z
  .object({ ...productFields, description: productFields.description.optional(), archived: z.boolean({ error: 'archived: must be true or false' }) })
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), PRODUCT_NOTHING_TO_CHANGE);
export type UpdateProduct = z.input<typeof updateProductSchema>;

export const productSchema = z.object({
  id: z.uuid(),
  tenant_id: z.uuid(),
  name: z.string(),
  description: z.string(),
  unit: productUnitSchema,
  /** In `currency`, exact to the cent. */
  price: z.number(),
  /** The tenant's currency when the price was set; a tenant that changed its currency since shows it apart. */
  currency: currencyCodeSchema,
  tax_rate: z.number(),
  archived: z.boolean(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const PRODUCT_STATUSES = ['active', 'archived', 'all'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** GET /crm/products: a page, by name; `q` searches name and description; `currency` keeps those priced in it (a quotation's picker). */
export const productListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200, 'q: must be at most 200 characters').optional(),
  status: z.enum(PRODUCT_STATUSES, { error: 'status: must be active, archived or all' }).default('active'),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'currency: must be a three-letter ISO 4217 code, such as USD')
    .optional(),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

export const productListResponseSchema = z.object({ products: z.array(productSchema), pagination: paginationSchema });
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** What a quotation's line copies from a product: its name (and description), unit and price; the quotation has one tax rate. */
export function productLineDescription(product: Pick<Product, 'name' | 'description'>): string {
  return product.description ? `${product.name} — ${product.description}` : product.name;
}
