import type { QuotationProfile } from '../contracts/quotation-profiles';
import { TENANT_ID } from './tenant';

/** A tenant's quotation profile with nothing filled in but the default tax rate, as the API answers one never saved. */
export function quotationProfile(overrides: Partial<QuotationProfile> = {}): QuotationProfile {
  return {
    tenant_id: TENANT_ID,
    company_name: '',
    company_address: '',
    company_phone: '',
    company_email: '',
    company_website: '',
    tax_rate: 8.25,
    terms: '',
    logo: null,
    logo_type: null,
    updated_at: null,
    ...overrides,
  };
}
