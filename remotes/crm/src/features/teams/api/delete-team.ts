import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { teamsQueryKey } from '../../../api/get-teams';

export function deleteTeam(id: string): Promise<unknown> {
  return apiRequest(`/crm/teams/${id}`, { method: 'DELETE' });
}

export function useDeleteTeam(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: teamsQueryKey(tenantId) }),
  });
}
