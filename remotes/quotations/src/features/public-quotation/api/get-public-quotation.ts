import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { publicQuotationSchema, type PublicQuotation } from '@app/shared/forms';

/** Not tenant-scoped: the link itself is the only key the client has. */
export const publicQuotationKey = (token: string) => ['public-quotation', token] as const;

export function getPublicQuotation(token: string, signal?: AbortSignal): Promise<PublicQuotation> {
  return apiRequest(`/public/quotations/${encodeURIComponent(token)}`, { schema: publicQuotationSchema, signal });
}

export const publicQuotationQueryOptions = (token: string) =>
  queryOptions({ queryKey: publicQuotationKey(token), queryFn: ({ signal }) => getPublicQuotation(token, signal) });

export function usePublicQuotation(token: string) {
  return useQuery(publicQuotationQueryOptions(token));
}

export const publicPdfPath = (token: string) => `/api/v1/public/quotations/${encodeURIComponent(token)}/pdf`;
