import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { tenantKey } from '../../../lib/query-keys';

/** What the upload needs of a team: whom to name in its round-robin choice. */
export interface UploadTeam {
  id: string;
  name: string;
}

/** The tenant's teams (GET /crm/teams), for handing an upload's rows to a team's members in turn. */
export function getTeams(tenantId: string, signal?: AbortSignal): Promise<UploadTeam[]> {
  return apiRequest('/crm/teams', { query: { tenant_id: tenantId }, signal });
}

export const teamsQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: tenantKey(tenantId, 'teams'),
    queryFn: ({ signal }) => getTeams(tenantId, signal),
    // Without teams the upload still offers the uploader and Unassigned: a failure is not retried.
    retry: false,
  });

export function useTeams(tenantId: string) {
  return useQuery({ ...teamsQueryOptions(tenantId), enabled: Boolean(tenantId) });
}
