import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { goalListSchema, type Goal } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export const goalsQueryKey = (tenantId: string) => tenantKey(tenantId, 'goals');

export function getGoals(tenantId: string, signal?: AbortSignal): Promise<Goal[]> {
  return apiRequest('/crm/goals', { query: { tenant_id: tenantId }, schema: goalListSchema, signal });
}

export const goalsQueryOptions = (tenantId: string) => queryOptions({ queryKey: goalsQueryKey(tenantId), queryFn: ({ signal }) => getGoals(tenantId, signal) });

export function useGoals(tenantId: string) {
  return useQuery(goalsQueryOptions(tenantId));
}
