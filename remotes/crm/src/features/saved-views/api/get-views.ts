import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { SavedView, SavedViewTarget } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export const savedViewsQueryKey = (tenantId: string, target: SavedViewTarget) => [...tenantKey(tenantId, 'views'), target] as const;

// Typed, not parsed again: the server sends it through the contract, and the prospects list shows without loading zod.
export function getViews(tenantId: string, target: SavedViewTarget, signal?: AbortSignal): Promise<SavedView[]> {
  return apiRequest('/crm/views', { query: { tenant_id: tenantId, target }, signal });
}

export const savedViewsQueryOptions = (tenantId: string, target: SavedViewTarget) =>
  queryOptions({ queryKey: savedViewsQueryKey(tenantId, target), queryFn: ({ signal }) => getViews(tenantId, target, signal) });

export function useSavedViews(tenantId: string, target: SavedViewTarget) {
  return useQuery(savedViewsQueryOptions(tenantId, target));
}
