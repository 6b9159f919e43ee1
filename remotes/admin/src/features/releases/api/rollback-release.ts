import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { remoteReleasesSchema, type RemoteReleases } from '@app/shared/forms';
import { releasesQueryKey } from './get-releases';

/** Ends the remote's canary, or when there is none goes back to the version live before. */
export function rollbackRelease(remote: string): Promise<RemoteReleases> {
  return apiRequest(`/releases/${encodeURIComponent(remote)}/rollback`, { method: 'POST', schema: remoteReleasesSchema });
}

export function useRollbackRelease(remote: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rollbackRelease(remote),
    onSettled: () => queryClient.invalidateQueries({ queryKey: releasesQueryKey }),
  });
}
