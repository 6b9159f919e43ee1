import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { quotationProfileSchema, type QuotationProfile } from '@app/shared/forms';

export const quotationProfileKey = (tenantId: string) => ['tenant', tenantId, 'quotation-profile'] as const;

export function getQuotationProfile(tenantId: string, signal?: AbortSignal): Promise<QuotationProfile> {
  return apiRequest(`/crm/tenants/${tenantId}/quotation-profile`, { schema: quotationProfileSchema, signal });
}

export const quotationProfileQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: quotationProfileKey(tenantId), queryFn: ({ signal }) => getQuotationProfile(tenantId, signal) });

/** The tenant's sender, which a new quotation starts from; only a new one needs it. */
export function useQuotationProfile(tenantId: string, enabled: boolean) {
  return useQuery({ ...quotationProfileQueryOptions(tenantId), enabled });
}
