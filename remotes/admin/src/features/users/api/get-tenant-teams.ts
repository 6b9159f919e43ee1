import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, useSession } from '@app/shared';
import { teamListSchema, type Team } from '@app/shared/forms';

/** The same key as the CRM's Teams page, so a change on either side refreshes the other. */
export const tenantTeamsQueryKey = (tenantId: string) => ['tenant', tenantId, 'teams'] as const;

export function getTenantTeams(tenantId: string, signal?: AbortSignal): Promise<Team[]> {
  return apiRequest('/crm/teams', { query: { tenant_id: tenantId }, schema: teamListSchema, signal });
}

export const tenantTeamsQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: tenantTeamsQueryKey(tenantId), queryFn: ({ signal }) => getTenantTeams(tenantId, signal) });

/** The teams of the tenant chosen on the user form; none is asked for while no tenant is chosen. */
export function useTenantTeams(tenantId: string) {
  const { isAuthenticated } = useSession();
  return useQuery({ ...tenantTeamsQueryOptions(tenantId), enabled: isAuthenticated && tenantId !== '' });
}
