import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { leadListResponseSchema, type LeadListResponse } from '@app/shared/forms';
import { normaliseFilters, tenantKey, type ListFilters } from '../../../lib/query-keys';

export const leadsQueryKey = (tenantId: string, filters: ListFilters) => [...tenantKey(tenantId, 'leads'), normaliseFilters(filters)] as const;

export function getLeads(tenantId: string, filters: ListFilters, signal?: AbortSignal): Promise<LeadListResponse> {
  return apiRequest('/crm/leads', { query: { tenant_id: tenantId, ...normaliseFilters(filters) }, schema: leadListResponseSchema, signal });
}

export const leadsQueryOptions = (tenantId: string, filters: ListFilters) =>
  queryOptions({
    queryKey: leadsQueryKey(tenantId, filters),
    queryFn: ({ signal }) => getLeads(tenantId, filters, signal),
    placeholderData: keepPreviousData,
  });

export function useLeads(tenantId: string, filters: ListFilters, enabled = true) {
  return useQuery({ ...leadsQueryOptions(tenantId, filters), enabled });
}
