import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { quotationDetailSchema, type Quotation, type QuotationDetail } from '@app/shared/forms';
import { quotationKey } from '../lib/query-keys';

export function getQuotation(id: string, signal?: AbortSignal): Promise<QuotationDetail> {
  return apiRequest(`/quotations/${id}`, { schema: quotationDetailSchema, signal });
}

export const quotationQueryOptions = (tenantId: string, id: string) =>
  queryOptions({ queryKey: quotationKey(tenantId, id), queryFn: ({ signal }) => getQuotation(id, signal) });

/** Mail still on its way is looked at again every few seconds, so its state changes on screen. */
const MAIL_POLL_MS = 3000;

/**
 * One quotation with its mail; `initial` (the list's copy, which has no mail state) shows at once
 * while the fresh one loads.
 */
export function useQuotation(tenantId: string, id: string | null, initial?: Quotation) {
  return useQuery({
    ...quotationQueryOptions(tenantId, id ?? ''),
    enabled: Boolean(id),
    initialData: initial && { ...initial, mail: null },
    initialDataUpdatedAt: 0,
    refetchInterval: (query) => (query.state.data?.mail?.status === 'queued' ? MAIL_POLL_MS : false),
  });
}
