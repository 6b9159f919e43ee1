import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { leadSchema, type Lead } from '@app/shared/forms';

// Not under the CRM's 'leads' prefix: those caches hold list pages.
export const leadKey = (tenantId: string, id: string) => ['tenant', tenantId, 'lead', id] as const;

export function getLead(id: string, signal?: AbortSignal): Promise<Lead> {
  return apiRequest(`/crm/leads/${id}`, { schema: leadSchema, signal });
}

export const leadQueryOptions = (tenantId: string, id: string) =>
  queryOptions({ queryKey: leadKey(tenantId, id), queryFn: ({ signal }) => getLead(id, signal) });

export function useLead(tenantId: string, id: string | null) {
  return useQuery({ ...leadQueryOptions(tenantId, id ?? ''), enabled: Boolean(id) });
}
