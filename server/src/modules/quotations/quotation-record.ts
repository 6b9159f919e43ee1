import { randomUUID } from 'node:crypto';
import type { PublicQuotation, Quotation, QuotationDraft, QuotationStatus } from '@app/shared/contracts';
import { centsToDollars, computeQuotationTotals, quotationDates, toCents } from '@app/shared/quotations';
import type { QuotationRow, QuotationValues } from './repository';

/** The draft fields as columns, with the amounts computed by the one totals function. */
export function draftColumns(draft: QuotationDraft, today: string): Omit<QuotationValues, 'number' | 'status' | 'createdBy' | 'leadId' | 'currency'> {
  const totals = computeQuotationTotals(draft);
  const dates = quotationDates(today, draft);
  return {
    companyName: draft.company_name,
    companyAddress: draft.company_address,
    companyPhone: draft.company_phone,
    companyEmail: draft.company_email,
    companyWebsite: draft.company_website,
    clientName: draft.client_name,
    clientAddress: draft.client_address,
    clientEmail: draft.client_email,
    clientPhone: draft.client_phone,
    title: draft.title,
    productName: draft.product_name,
    productOverview: draft.product_overview,
    productDescription: draft.product_description,
    subscriptionPlan: draft.subscription_plan,
    subscriptionIncludes: draft.subscription_includes,
    includedStorage: draft.included_storage,
    additionalStorageRateCents: toCents(draft.additional_storage_rate),
    storageBlockSize: draft.storage_block_size,
    taxRateBp: Math.round(draft.tax_rate * 100),
    discountRateBp: Math.round(draft.discount_rate * 100),
    terms: draft.terms,
    quoteDate: dates.quote_date,
    validUntil: dates.valid_until,
    items: draft.items.map((item, index) => ({
      id: randomUUID(),
      description: item.description,
      quantity: item.quantity,
      unit: item.unit,
      rate: centsToDollars(toCents(item.rate)),
      amount: centsToDollars(totals.items[index]),
    })),
    subtotalCents: totals.subtotal,
    discountCents: totals.discount,
    taxCents: totals.tax,
    totalCents: totals.total,
  };
}

/** A row back as a draft (Duplicate copies one). */
export function rowDraft(row: QuotationRow): QuotationDraft {
  const content = publicQuotation(row, '0000-01-01');
  return {
    ...content,
    items: content.items.map(({ description, quantity, unit, rate }) => ({ description, quantity, unit, rate })),
    lead_id: row.leadId,
  };
}

/** A sent quotation past its valid_until (server's calendar day) counts as expired (list-page.ts expiredOn: the same rule in SQL, to filter and count). */
export function effectiveStatus(row: Pick<QuotationRow, 'status' | 'validUntil'>, today: string): QuotationStatus {
  return row.status === 'sent' && row.validUntil < today ? 'expired' : row.status;
}

/** Date.toISOString() of a timestamp that may be unset. */
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** What the client may see: no tenant, no ids, no lead, no creator. */
export function publicQuotation(row: QuotationRow, today: string): PublicQuotation {
  return {
    number: row.number,
    status: effectiveStatus(row, today),
    company_name: row.companyName,
    company_address: row.companyAddress,
    company_phone: row.companyPhone,
    company_email: row.companyEmail,
    company_website: row.companyWebsite,
    client_name: row.clientName,
    client_address: row.clientAddress,
    client_email: row.clientEmail,
    client_phone: row.clientPhone,
    title: row.title,
    product_name: row.productName,
    product_overview: row.productOverview,
    product_description: row.productDescription,
    subscription_plan: row.subscriptionPlan,
    subscription_includes: row.subscriptionIncludes,
    included_storage: row.includedStorage,
    additional_storage_rate: centsToDollars(row.additionalStorageRateCents),
    storage_block_size: row.storageBlockSize,
    tax_rate: row.taxRateBp / 100,
    discount_rate: row.discountRateBp / 100,
    terms: row.terms,
    quote_date: row.quoteDate,
    valid_until: row.validUntil,
    items: row.items.map(({ description, quantity, unit, rate, amount }) => ({ description, quantity, unit: unit ?? null, rate, amount })),
    subtotal: centsToDollars(row.subtotalCents),
    discount_amount: centsToDollars(row.discountCents),
    tax_amount: centsToDollars(row.taxCents),
    total: centsToDollars(row.totalCents),
    currency: row.currency,
    decided_at: isoOrNull(row.decidedAt),
    accepted_by: row.acceptedBy,
    rejection_reason: row.rejectionReason,
  };
}

export function staffQuotation(row: QuotationRow, today: string, shareUrl: string | null): Quotation {
  const content = publicQuotation(row, today);
  return {
    ...content,
    id: row.id,
    tenant_id: row.tenantId,
    lead_id: row.leadId,
    items: row.items.map((item) => ({ ...item, unit: item.unit ?? null })),
    share_url: shareUrl,
    sent_at: isoOrNull(row.sentAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Where an audit entry about the quotation points. */
export function quotationTarget(row: Pick<QuotationRow, 'tenantId' | 'id' | 'number'>) {
  return { tenantId: row.tenantId, targetType: 'quotation', targetId: row.id, targetName: row.number };
}
