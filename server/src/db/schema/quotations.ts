import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProductUnit } from '@app/shared/contracts';
import { createdAt, updatedAt } from './columns';
import { tenantId, tenants, users } from './tenancy';

/** The stored statuses; "expired" is a sent quotation past its valid_until, worked out on reading. */
export const STORED_QUOTATION_STATUSES = ['draft', 'sent', 'accepted', 'rejected'] as const;
export type StoredQuotationStatus = (typeof STORED_QUOTATION_STATUSES)[number];

/**
 * One line of a quotation as the API shows it. jsonb keeps numbers as exact numerics, so the
 * quantity stays as given (at most three decimals: 0.5, 1.25) and the dollars exact (at most two
 * decimals, from computeQuotationTotals), and the list can hand the items out as they are stored.
 */
export interface StoredQuotationItem {
  id: string;
  description: string;
  /** As given, more than 0 with at most three decimals (rows from before decimals may hold whole numbers, 0 included). */
  quantity: number;
  /** What the quantity counts, copied from a catalogue product (or chosen); absent on lines from before units. */
  unit?: ProductUnit | null;
  rate: number;
  amount: number;
}

/**
 * What `q` searches: title, client name and number, lower-cased, kept in a stored column so that
 * its trigram index serves a LIKE behind the tenant wall (as prospects' search_text).
 */
const quotationSearchText = () => text('search_text').generatedAlwaysAs(sql`lower(title || ' ' || client_name || ' ' || number)`);

const text0 = (name: string) => text(name).notNull().default('');
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * Quotations of a tenant. Rates are kept as cents and percentages as hundredths of a percent,
 * amounts as cents computed by computeQuotationTotals, so nothing is ever a float.
 */
export const quotations = pgTable(
  'quotations',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    number: text('number').notNull(),
    status: text('status').$type<StoredQuotationStatus>().notNull().default('draft'),
    // The lead it was made from; kept as a plain reference so deleting the lead keeps the quotation.
    leadId: uuid('lead_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    // Who the quotation belongs to (its creator at first); null: unassigned.
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    // ISO 4217: its tenant's currency when it was made (0053: the ones made before were in USD), kept
    // whatever the tenant changes later. Every amount below is in it.
    currency: text('currency').notNull(),
    companyName: text0('company_name'),
    companyAddress: text0('company_address'),
    companyPhone: text0('company_phone'),
    companyEmail: text0('company_email'),
    companyWebsite: text0('company_website'),
    clientName: text0('client_name'),
    clientAddress: text0('client_address'),
    clientEmail: text0('client_email'),
    clientPhone: text0('client_phone'),
    title: text0('title'),
    productName: text0('product_name'),
    productOverview: text0('product_overview'),
    productDescription: text0('product_description'),
    subscriptionPlan: text0('subscription_plan'),
    subscriptionIncludes: text0('subscription_includes'),
    includedStorage: text0('included_storage'),
    additionalStorageRateCents: cents('additional_storage_rate_cents'),
    storageBlockSize: text0('storage_block_size'),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    discountRateBp: integer('discount_rate_bp').notNull().default(0),
    terms: text0('terms'),
    quoteDate: date('quote_date', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    items: jsonb('items').$type<StoredQuotationItem[]>().notNull(),
    subtotalCents: cents('subtotal_cents'),
    discountCents: cents('discount_cents'),
    taxCents: cents('tax_cents'),
    totalCents: cents('total_cents'),
    // The client's link: a random nonce the token is derived from, and the sha256 of the token.
    shareNonce: text('share_nonce'),
    shareTokenHash: text('share_token_hash'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    acceptedBy: text('accepted_by'),
    rejectionReason: text('rejection_reason'),
    searchText: quotationSearchText(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('quotations_id_idx').on(t.id),
    uniqueIndex('quotations_tenant_number_unique').on(t.tenantId, t.number),
    // A client's link finds its quotation by the token's hash alone; tenant_id is in the key so a
    // distributed engine can keep it unique per tenant (a 256-bit token never repeats anyway), and
    // the hash leads so the lookup without a tenant still reads this index (on every node).
    uniqueIndex('quotations_share_token_hash_unique').on(t.shareTokenHash, t.tenantId),
    check('quotations_status_valid', sql`${t.status} in ('draft', 'sent', 'accepted', 'rejected')`),
    check('quotations_rates_valid', sql`${t.taxRateBp} between 0 and 10000 and ${t.discountRateBp} between 0 and 10000`),
    check('quotations_dates_valid', sql`${t.validUntil} >= ${t.quoteDate}`),
    check('quotations_currency_valid', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    index('quotations_owner_idx').on(t.tenantId, t.ownerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('quotations_page_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('quotations_status_page_idx').on(t.tenantId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Sent quotations by validity: the list's pending counter subtracts the expired ones.
    index('quotations_sent_valid_idx')
      .on(t.tenantId, t.validUntil)
      .where(sql`${t.status} = 'sent'`),
    index('quotations_search_trgm_idx').using('gin', t.tenantId, sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The list's counters per tenant and currency, kept by a trigger on quotations (migrations 0006
 * and 0053) so every write path keeps them, and the list never adds up a tenant's quotations; its
 * total value reads the row of the tenant's currency, as amounts of two currencies never add up.
 * `sent` includes the expired ones; the list subtracts those (quotations_sent_valid_idx).
 */
export const quotationCounters = pgTable(
  'quotation_counters',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    total: integer('total').notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    accepted: integer('accepted').notNull().default(0),
    sent: integer('sent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.currency] })],
);

export const QUOTATION_EVENT_KINDS = ['created', 'edited', 'sent', 'viewed', 'accepted', 'rejected', 'reminded', 'expired'] as const;
export type QuotationEventKind = (typeof QUOTATION_EVENT_KINDS)[number];

/** Everything that happened to a quotation: by staff (user_id) or by the client (actor_name). */
export const quotationEvents = pgTable(
  'quotation_events',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    quotationId: uuid('quotation_id').notNull(),
    kind: text('kind').$type<QuotationEventKind>().notNull(),
    summary: text('summary').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'quotation_events_quotation_fk', columns: [t.tenantId, t.quotationId], foreignColumns: [quotations.tenantId, quotations.id] }).onDelete(
      'cascade',
    ),
    check('quotation_events_kind_valid', sql`${t.kind} in ('created', 'edited', 'sent', 'viewed', 'accepted', 'rejected', 'reminded', 'expired')`),
    index('quotation_events_quotation_idx').on(t.tenantId, t.quotationId, t.createdAt),
    index('quotation_events_user_id_idx').on(t.userId),
  ],
);

/** File bytes (node-postgres reads bytea as a Buffer). */
export const bytes = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/**
 * The PDF of a decided (accepted or rejected) quotation, kept as the client decided on it, so
 * that later changes to the tenant's logo, or to how PDFs are drawn, never alter it. One per
 * quotation, written when it is decided (migration 0036).
 */
export const quotationDocuments = pgTable(
  'quotation_documents',
  {
    tenantId: tenantId(),
    quotationId: uuid('quotation_id').notNull(),
    pdf: bytes('pdf').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.quotationId] }),
    foreignKey({
      name: 'quotation_documents_quotation_fk',
      columns: [t.tenantId, t.quotationId],
      foreignColumns: [quotations.tenantId, quotations.id],
    }).onDelete('cascade'),
  ],
);
