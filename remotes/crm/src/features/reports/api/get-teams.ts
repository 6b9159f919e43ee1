import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@app/shared';
import { tenantKey } from '../../../lib/query-keys';

const teamsSchema = z.array(z.object({ id: z.string(), name: z.string() }).loose());
export type TeamChoice = z.infer<typeof teamsSchema>[number];

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
