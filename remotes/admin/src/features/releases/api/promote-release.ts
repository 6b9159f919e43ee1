import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { remoteReleasesSchema, type PromoteRelease, type RemoteReleases } from '@app/shared/forms';
import { releasesQueryKey } from './get-releases';

export function promoteRelease(remote: string, input: PromoteRelease): Promise<RemoteReleases> {
  return apiRequest(`/releases/${encodeURIComponent(remote)}/promote`, { method: 'POST', body: input, schema: remoteReleasesSchema });
}

export function usePromoteRelease(remote: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PromoteRelease) => promoteRelease(remote, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: releasesQueryKey }),
  });
}
