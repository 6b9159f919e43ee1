import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { LeadListResponse } from '@app/shared/forms';
import { normaliseFilters, tenantKey, type ListFilters } from '../../../lib/query-keys';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

export const leadsQueryKey = (tenantId: string, filters: ListFilters) => [...tenantKey(tenantId, 'leads'), normaliseFilters(filters)] as const;

export function getLeads(tenantId: string, filters: ListFilters, signal?: AbortSignal): Promise<LeadListResponse> {
  return apiRequest('/crm/leads', { query: { tenant_id: tenantId, ...normaliseFilters(filters) }, signal });
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
