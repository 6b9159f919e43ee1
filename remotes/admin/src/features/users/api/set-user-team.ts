import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { teamSchema, type Team, type UpdateTeamInput } from '@app/shared/forms';
import { tenantTeamsQueryKey } from './get-tenant-teams';

function updateTeam(id: string, body: UpdateTeamInput): Promise<Team> {
  return apiRequest(`/crm/teams/${id}`, { method: 'PUT', body, schema: teamSchema });
}

export interface SetUserTeam {
  userId: string;
  tenantId: string;
  /** The tenant's teams as the form showed them. */
  teams: readonly Team[];
  /** The team to be in, or null for none. */
  teamId: string | null;
}

/**
 * Puts the user in one team of the tenant through the teams API (the server moves them out of any
 * other team of it, as a user is in one team per tenant), or with none takes them out of theirs.
 */
export function setUserTeam({ userId, teams, teamId }: SetUserTeam): Promise<Team | null> {
  if (teamId) {
    const team = teams.find((candidate) => candidate.id === teamId);
    if (!team) return Promise.reject(new Error('team: this team no longer exists; reopen the form.'));
    if (team.member_ids.includes(userId)) return Promise.resolve(team);
    return updateTeam(team.id, { member_ids: [...team.member_ids, userId] });
  }
  const current = teams.find((team) => team.member_ids.includes(userId));
  if (!current) return Promise.resolve(null);
  return updateTeam(current.id, { member_ids: current.member_ids.filter((id) => id !== userId) });
}

export function useSetUserTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserTeam,
    onSettled: (_team, _error, { tenantId }) => queryClient.invalidateQueries({ queryKey: tenantTeamsQueryKey(tenantId) }),
  });
}
