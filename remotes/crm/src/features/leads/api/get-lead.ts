import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { leadSchema, type Lead } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export const leadQueryKey = (tenantId: string, leadId: string) => [...tenantKey(tenantId, 'lead'), leadId] as const;

export function getLead(leadId: string, signal?: AbortSignal): Promise<Lead> {
  return apiRequest(`/crm/leads/${leadId}`, { schema: leadSchema, signal });
}

export const leadQueryOptions = (tenantId: string, leadId: string) =>
  queryOptions({ queryKey: leadQueryKey(tenantId, leadId), queryFn: ({ signal }) => getLead(leadId, signal) });

export function useLead(tenantId: string, leadId: string) {
  return useQuery(leadQueryOptions(tenantId, leadId));
}
