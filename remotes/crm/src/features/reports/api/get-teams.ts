import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@app/shared';
import { tenantKey } from '../../../lib/query-keys';

const teamSchema = z.object({ id: z.string(), name: z.string() }).loose();
// A list, or a list under `teams`: either answer fills the filter.
const teamsSchema = z.union([z.array(teamSchema), z.object({ teams: z.array(teamSchema) }).transform((answer) => answer.teams)]);
export type TeamChoice = z.infer<typeof teamSchema>;

/** The tenant's teams for the team filter; none when the server has no teams to give. */
export async function getTeams(tenantId: string, signal?: AbortSignal): Promise<TeamChoice[]> {
  try {
    return await apiRequest('/crm/teams', { query: { tenant_id: tenantId }, schema: teamsSchema, signal });
  } catch {
    return [];
  }
}

export const teamsQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: tenantKey(tenantId, 'teams'), queryFn: ({ signal }) => getTeams(tenantId, signal), staleTime: 60_000 });

export function useTeams(tenantId: string) {
  return useQuery(teamsQueryOptions(tenantId));
}
