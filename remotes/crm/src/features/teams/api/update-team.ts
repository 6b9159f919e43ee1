import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { teamSchema, type Team, type UpdateTeamInput } from '@app/shared/forms';
import { teamsQueryKey } from '../../../api/get-teams';

export function updateTeam(id: string, body: UpdateTeamInput): Promise<Team> {
  return apiRequest(`/crm/teams/${id}`, { method: 'PUT', body, schema: teamSchema });
}

export function useUpdateTeam(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTeamInput }) => updateTeam(id, body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: teamsQueryKey(tenantId) }),
  });
}
