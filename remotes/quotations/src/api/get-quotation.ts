import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { quotationSchema, type Quotation } from '@app/shared/forms';
import { quotationKey } from '../lib/query-keys';

export function getQuotation(id: string, signal?: AbortSignal): Promise<Quotation> {
  return apiRequest(`/quotations/${id}`, { schema: quotationSchema, signal });
}

export const quotationQueryOptions = (tenantId: string, id: string) =>
  queryOptions({ queryKey: quotationKey(tenantId, id), queryFn: ({ signal }) => getQuotation(id, signal) });

/** One quotation; `initial` (the list's copy) shows at once while the fresh one loads. */
export function useQuotation(tenantId: string, id: string | null, initial?: Quotation) {
  return useQuery({
    ...quotationQueryOptions(tenantId, id ?? ''),
    enabled: Boolean(id),
    initialData: initial,
    initialDataUpdatedAt: 0,
  });
}
