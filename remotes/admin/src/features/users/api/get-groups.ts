import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, useSession } from '@app/shared';
import { groupListSchema, type Group } from '@app/shared/forms';

export const groupsQueryKey = ['groups'] as const;

export function getGroups(signal?: AbortSignal): Promise<Group[]> {
  return apiRequest('/auth/groups', { schema: groupListSchema, signal });
}

export const groupsQueryOptions = () => queryOptions({ queryKey: groupsQueryKey, queryFn: ({ signal }) => getGroups(signal) });

export function useGroups() {
  const { isAuthenticated } = useSession();
  return useQuery({ ...groupsQueryOptions(), enabled: isAuthenticated });
}
