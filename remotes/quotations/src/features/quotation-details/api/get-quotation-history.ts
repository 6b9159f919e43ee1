import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { quotationHistoryResponseSchema, type QuotationHistoryResponse } from '@app/shared/forms';
import { quotationHistoryKey } from '../../../lib/query-keys';

export function getQuotationHistory(id: string, signal?: AbortSignal): Promise<QuotationHistoryResponse> {
  return apiRequest(`/quotations/${id}/history`, { schema: quotationHistoryResponseSchema, signal });
}

export const quotationHistoryQueryOptions = (tenantId: string, id: string) =>
  queryOptions({ queryKey: quotationHistoryKey(tenantId, id), queryFn: ({ signal }) => getQuotationHistory(id, signal), staleTime: 0 });

export function useQuotationHistory(tenantId: string, id: string) {
  return useQuery(quotationHistoryQueryOptions(tenantId, id));
}
