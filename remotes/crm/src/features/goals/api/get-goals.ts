import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { Goal } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export const goalsQueryKey = (tenantId: string) => tenantKey(tenantId, 'goals');

// The server sends this answer through the contract's schema, so it is typed here, not parsed again: the
// prospects list shows without loading zod.
export function getGoals(tenantId: string, signal?: AbortSignal): Promise<Goal[]> {
  return apiRequest('/crm/goals', { query: { tenant_id: tenantId }, signal });
}

export const goalsQueryOptions = (tenantId: string) => queryOptions({ queryKey: goalsQueryKey(tenantId), queryFn: ({ signal }) => getGoals(tenantId, signal) });

export function useGoals(tenantId: string) {
  return useQuery(goalsQueryOptions(tenantId));
}
