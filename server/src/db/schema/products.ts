import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ProductUnit } from '@app/shared/contracts';
import { createdAt, updatedAt } from './columns';
import { tenantId, users } from './tenancy';

/**
 * A tenant's catalogue of products and services, which a quotation's line picks from and copies
 * (so a quotation never changes with its product). Priced in cents in `currency`, the tenant's when
 * the price was set; the tax rate in hundredths of a percent. An archived product (archived_at set)
 * is kept for the catalogue's page and no longer offered to the builder.
 */
export const products = pgTable(
  'products',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    unit: text('unit').$type<ProductUnit>().notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    // What `q` searches, lower-cased, kept for its trigram index (as quotations' search_text).
    searchText: text('search_text').generatedAlwaysAs(sql`lower(name || ' ' || description)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('products_id_idx').on(t.id),
    // One name per tenant whatever its case; also the list's order (by name).
    uniqueIndex('products_tenant_name_unique').on(t.tenantId, sql`lower(${t.name})`),
    index('products_search_trgm_idx').using('gin', t.tenantId, sql`${t.searchText} gin_trgm_ops`),
    index('products_created_by_idx').on(t.createdBy),
    check('products_unit_valid', sql`${t.unit} in ('hour', 'day', 'unit', 'month')`),
    check('products_name_length', sql`char_length(${t.name}) between 1 and 200`),
    check('products_description_length', sql`char_length(${t.description}) <= 280`),
    // At most the highest rate a quotation's line takes (10,000,000.00).
    check('products_price_range', sql`${t.priceCents} between 0 and 1000000000`),
    check('products_tax_rate_range', sql`${t.taxRateBp} between 0 and 10000`),
    check('products_currency_valid', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);
