import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { Goal } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

/** Every goal of the tenant; `active`: the goals active today (the server's day), the only ones a call may count on. */
export const goalsQueryKey = (tenantId: string, active?: 'active') =>
  active ? ([...tenantKey(tenantId, 'goals'), active] as const) : tenantKey(tenantId, 'goals');

// The server sends this answer through the contract's schema, so it is typed here, not parsed again: the
// prospects list shows without loading zod.
export function getGoals(tenantId: string, signal?: AbortSignal, active = false): Promise<Goal[]> {
  return apiRequest('/crm/goals', { query: { tenant_id: tenantId, ...(active ? { active: 'true' } : {}) }, signal });
}

export const goalsQueryOptions = (tenantId: string) => queryOptions({ queryKey: goalsQueryKey(tenantId), queryFn: ({ signal }) => getGoals(tenantId, signal) });

export const activeGoalsQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: goalsQueryKey(tenantId, 'active'), queryFn: ({ signal }) => getGoals(tenantId, signal, true) });

export function useGoals(tenantId: string) {
  return useQuery(goalsQueryOptions(tenantId));
}

/** What the goal pickers offer (the status dialog, the call queue): the goals active today, those running longest-started last. */
export function useActiveGoals(tenantId: string) {
  return useQuery(activeGoalsQueryOptions(tenantId));
}
