import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { warnedRowsResponseSchema, type WarnedRowsResponse } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export function getWarnedRows(importId: string, signal?: AbortSignal): Promise<WarnedRowsResponse> {
  return apiRequest(`/crm/imports/${importId}/warnings`, { schema: warnedRowsResponseSchema, signal });
}

// Under the tenant's imports key: an upload or a revert refreshes it with the list.
export const warnedRowsQueryOptions = (tenantId: string, importId: string) =>
  queryOptions({ queryKey: [...tenantKey(tenantId, 'imports'), importId, 'warnings'], queryFn: ({ signal }) => getWarnedRows(importId, signal) });

/** The rows saved with warnings are fetched when asked for (a download), not with the list. */
export function useFetchWarnedRows(tenantId: string) {
  const queryClient = useQueryClient();
  return (importId: string) => queryClient.fetchQuery(warnedRowsQueryOptions(tenantId, importId));
}
