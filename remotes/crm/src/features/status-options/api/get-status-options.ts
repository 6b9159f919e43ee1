import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { StatusOption } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export const statusOptionsQueryKey = (tenantId: string) => tenantKey(tenantId, 'status-options');

// The server sends this answer through the contract's schema, so it is typed here, not parsed again: the
// prospects list shows without loading zod.
export function getStatusOptions(tenantId: string, signal?: AbortSignal): Promise<StatusOption[]> {
  return apiRequest('/crm/status-options', { query: { tenant_id: tenantId }, signal });
}

export const statusOptionsQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: statusOptionsQueryKey(tenantId), queryFn: ({ signal }) => getStatusOptions(tenantId, signal) });

export function useStatusOptions(tenantId: string) {
  return useQuery(statusOptionsQueryOptions(tenantId));
}
