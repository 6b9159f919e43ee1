import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { Lead } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

export const leadQueryKey = (tenantId: string, leadId: string) => [...tenantKey(tenantId, 'lead'), leadId] as const;

export function getLead(leadId: string, signal?: AbortSignal): Promise<Lead> {
  return apiRequest(`/crm/leads/${leadId}`, { signal });
}

export const leadQueryOptions = (tenantId: string, leadId: string) =>
  queryOptions({ queryKey: leadQueryKey(tenantId, leadId), queryFn: ({ signal }) => getLead(leadId, signal) });

export function useLead(tenantId: string, leadId: string) {
  return useQuery(leadQueryOptions(tenantId, leadId));
}
