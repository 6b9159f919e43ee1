import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { quotationProfileSchema, type QuotationProfile } from '@app/shared/forms';

// The same key the quotation builder reads the profile by, so saving it here refreshes a builder's defaults.
export const quotationProfileKey = (tenantId: string) => ['tenant', tenantId, 'quotation-profile'] as const;

export function getQuotationProfile(tenantId: string, signal?: AbortSignal): Promise<QuotationProfile> {
  return apiRequest(`/crm/tenants/${tenantId}/quotation-profile`, { schema: quotationProfileSchema, signal });
}

export const quotationProfileQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: quotationProfileKey(tenantId), queryFn: ({ signal }) => getQuotationProfile(tenantId, signal) });

/** A tenant being created (no id yet) has no profile: nothing is asked for. */
export function useQuotationProfile(tenantId: string | undefined) {
  return useQuery({ ...quotationProfileQueryOptions(tenantId ?? ''), enabled: tenantId !== undefined });
}
