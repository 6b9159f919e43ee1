import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { ProspectListResponse } from '@app/shared/forms';
import { normaliseFilters, tenantKey, type ListFilters } from '../../../lib/query-keys';

export const prospectsQueryKey = (tenantId: string, filters: ListFilters) => [...tenantKey(tenantId, 'prospects'), normaliseFilters(filters)] as const;

// The server sends this answer through the contract's schema, so it is typed here, not parsed again: the
// prospects list shows without loading zod.
export function getProspects(tenantId: string, filters: ListFilters, signal?: AbortSignal): Promise<ProspectListResponse> {
  return apiRequest('/crm/prospects', {
    query: { tenant_id: tenantId, ...normaliseFilters(filters) },
    signal,
  });
}

export const prospectsQueryOptions = (tenantId: string, filters: ListFilters) =>
  queryOptions({
    queryKey: prospectsQueryKey(tenantId, filters),
    queryFn: ({ signal }) => getProspects(tenantId, filters, signal),
    // Paging and searching keep the last rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export function useProspects(tenantId: string, filters: ListFilters) {
  return useQuery(prospectsQueryOptions(tenantId, filters));
}
