import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { quotationListResponseSchema, type QuotationListResponse } from '@app/shared/forms';
import { normaliseFilters, quotationListKey, type QuotationFilters } from '../../../lib/query-keys';

export function getQuotations(tenantId: string, filters: QuotationFilters, signal?: AbortSignal): Promise<QuotationListResponse> {
  return apiRequest('/quotations', { query: { tenant_id: tenantId, ...normaliseFilters(filters) }, schema: quotationListResponseSchema, signal });
}

export const quotationsQueryOptions = (tenantId: string, filters: QuotationFilters) =>
  queryOptions({
    queryKey: quotationListKey(tenantId, filters),
    queryFn: ({ signal }) => getQuotations(tenantId, filters, signal),
    placeholderData: keepPreviousData,
  });

export function useQuotations(tenantId: string, filters: QuotationFilters) {
  return useQuery(quotationsQueryOptions(tenantId, filters));
}
