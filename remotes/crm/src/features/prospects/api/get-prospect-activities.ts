import { queryOptions, useQuery } from '@tanstack/react-query';
import { activityListResponseSchema, type ActivityListResponse } from '@app/shared/forms';
import { apiRequest } from '@app/shared';
import { prospectQueryKey } from './get-prospect';

/** Under the prospect's key, so every status or stage change that refreshes the prospect refreshes its history too. */
export const prospectActivitiesQueryKey = (tenantId: string, prospectId: string) => [...prospectQueryKey(tenantId, prospectId), 'activities'] as const;

export function getProspectActivities(prospectId: string, signal?: AbortSignal): Promise<ActivityListResponse> {
  return apiRequest(`/crm/prospects/${prospectId}/activities`, { schema: activityListResponseSchema, signal });
}

export const prospectActivitiesQueryOptions = (tenantId: string, prospectId: string) =>
  queryOptions({
    queryKey: prospectActivitiesQueryKey(tenantId, prospectId),
    queryFn: ({ signal }) => getProspectActivities(prospectId, signal),
  });

export function useProspectActivities(tenantId: string, prospectId: string) {
  return useQuery(prospectActivitiesQueryOptions(tenantId, prospectId));
}
