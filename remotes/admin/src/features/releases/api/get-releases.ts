import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, useSession } from '@app/shared';
import { releasesListSchema, type ReleasesList } from '@app/shared/forms';

// Releases belong to the whole platform, not to one tenant.
export const releasesQueryKey = ['releases'] as const;

export function getReleases(signal?: AbortSignal): Promise<ReleasesList> {
  return apiRequest('/releases', { schema: releasesListSchema, signal });
}

export const releasesQueryOptions = () => queryOptions({ queryKey: releasesQueryKey, queryFn: ({ signal }) => getReleases(signal) });

export function useReleases() {
  const { isAuthenticated } = useSession();
  return useQuery({ ...releasesQueryOptions(), enabled: isAuthenticated });
}
