import { queryOptions, useQuery } from '@tanstack/react-query';
import { activityListResponseSchema, type ActivityListResponse } from '@app/shared/forms';
import { apiRequest } from '@app/shared';
import { tenantKey } from '../../../lib/query-keys';

export const leadActivitiesQueryKey = (tenantId: string, leadId: string) => [...tenantKey(tenantId, 'lead-activities'), leadId] as const;

export function getLeadActivities(leadId: string, signal?: AbortSignal): Promise<ActivityListResponse> {
  return apiRequest(`/crm/leads/${leadId}/activities`, { schema: activityListResponseSchema, signal });
}

export const leadActivitiesQueryOptions = (tenantId: string, leadId: string) =>
  queryOptions({ queryKey: leadActivitiesQueryKey(tenantId, leadId), queryFn: ({ signal }) => getLeadActivities(leadId, signal) });

/** The lead's stage changes together with its prospect's calls and status changes. */
export function useLeadActivities(tenantId: string, leadId: string) {
  return useQuery(leadActivitiesQueryOptions(tenantId, leadId));
}
