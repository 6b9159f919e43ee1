import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { refusedRowsResponseSchema, type RefusedRowsResponse } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export function getRefusedRows(importId: string, signal?: AbortSignal): Promise<RefusedRowsResponse> {
  return apiRequest(`/crm/imports/${importId}/refused-rows`, { schema: refusedRowsResponseSchema, signal });
}

// Under the tenant's imports key: an upload or a revert refreshes it with the list.
export const refusedRowsQueryOptions = (tenantId: string, importId: string) =>
  queryOptions({ queryKey: [...tenantKey(tenantId, 'imports'), importId, 'refused-rows'], queryFn: ({ signal }) => getRefusedRows(importId, signal) });

/** The refused rows are fetched when asked for (a download), not with the list. */
export function useFetchRefusedRows(tenantId: string) {
  const queryClient = useQueryClient();
  return (importId: string) => queryClient.fetchQuery(refusedRowsQueryOptions(tenantId, importId));
}
