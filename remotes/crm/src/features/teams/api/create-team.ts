import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { teamSchema, type CreateTeamInput, type Team } from '@app/shared/forms';
import { teamsQueryKey } from '../../../api/get-teams';

export function createTeam(body: CreateTeamInput): Promise<Team> {
  return apiRequest('/crm/teams', { method: 'POST', body, schema: teamSchema });
}

export function useCreateTeam(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateTeamInput, 'tenant_id'>) => createTeam({ ...body, tenant_id: tenantId }),
    // Members may have moved from other teams: the whole list is read again.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: teamsQueryKey(tenantId) }),
  });
}
