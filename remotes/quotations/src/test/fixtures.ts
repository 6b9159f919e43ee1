import type { Product, Quotation, QuotationListResponse } from '@app/shared/forms';
import { NOW, uid } from '@app/shared/testing/fetch-mock';

import { TENANT_ID } from '@app/shared/testing/tenant';

export { TENANT_ID, tenant } from '@app/shared/testing/tenant';
export { quotationProfile } from '@app/shared/testing/quotation-profile';

export function quotation(n: number, overrides: Partial<Quotation> = {}): Quotation {
  return {
    id: uid(700 + n),
    tenant_id: TENANT_ID,
    lead_id: null,
    number: `Q-20260310-${String(n).padStart(3, '0')}`,
    status: 'draft',
    company_name: 'Orbitra Group',
    company_address: '',
    company_phone: '',
    company_email: '',
    company_website: '',
    client_name: `Client ${n}`,
    client_address: '',
    client_email: '',
    client_phone: '',
    title: `Quotation ${n}`,
    product_name: 'Payofina',
    product_overview: 'Payroll for everyone',
    product_description: '',
    subscription_plan: 'Base Plan - $50/month',
    subscription_includes: '',
    included_storage: '200 MB',
    additional_storage_rate: 0.09,
    storage_block_size: '200 MB',
    tax_rate: 8.25,
    discount_rate: 0,
    terms: '',
    quote_date: '2026-03-10',
    valid_until: '2026-04-09',
    items: [{ id: uid(800 + n), description: 'Setup', quantity: 1, unit: null, rate: 100, amount: 100 }],
    subtotal: 100,
    discount_amount: 0,
    tax_amount: 8.25,
    total: 108.25,
    currency: 'USD',
    decided_at: null,
    accepted_by: null,
    rejection_reason: null,
    share_url: null,
    sent_at: null,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

export function listAnswer(rows: Quotation[], total = rows.length, summary?: Partial<QuotationListResponse['summary']>): QuotationListResponse {
  return {
    quotations: rows,
    pagination: { total, page: 1, limit: 20 },
    summary: { total, total_value: rows.reduce((sum, row) => sum + row.total, 0), currency: 'USD', other_currencies: 0, accepted: 0, pending: 0, ...summary },
  };
}

/** A product of the tenant's catalogue, active, as the API answers it. */
export function product(n: number, overrides: Partial<Product> = {}): Product {
  return {
    id: uid(600 + n),
    tenant_id: TENANT_ID,
    name: `Product ${n}`,
    description: '',
    unit: 'hour',
    price: 10,
    currency: 'USD',
    tax_rate: 8.25,
    archived: false,
    archived_at: null,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}
