import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityListResponse } from '@app/shared/forms';
import { apiRequest } from '@app/shared';
import { tenantKey } from '../../../lib/query-keys';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

export const leadActivitiesQueryKey = (tenantId: string, leadId: string) => [...tenantKey(tenantId, 'lead-activities'), leadId] as const;

export function getLeadActivities(leadId: string, signal?: AbortSignal): Promise<ActivityListResponse> {
  return apiRequest(`/crm/leads/${leadId}/activities`, { signal });
}

export const leadActivitiesQueryOptions = (tenantId: string, leadId: string) =>
  queryOptions({ queryKey: leadActivitiesQueryKey(tenantId, leadId), queryFn: ({ signal }) => getLeadActivities(leadId, signal) });

/** The lead's stage changes together with its prospect's calls and status changes. */
export function useLeadActivities(tenantId: string, leadId: string) {
  return useQuery(leadActivitiesQueryOptions(tenantId, leadId));
}
