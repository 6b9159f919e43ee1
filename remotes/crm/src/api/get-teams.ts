import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { Team } from '@app/shared/forms';
import { tenantKey } from '../lib/query-keys';

export const teamsQueryKey = (tenantId: string) => tenantKey(tenantId, 'teams');

/** The tenant's teams (GET /crm/teams): managed by admins, offered by the reports' filter and the upload's round-robin. */
export function getTeams(tenantId: string, signal?: AbortSignal): Promise<Team[]> {
  return apiRequest('/crm/teams', { query: { tenant_id: tenantId }, signal });
}

export const teamsQueryOptions = (tenantId: string) => queryOptions({ queryKey: teamsQueryKey(tenantId), queryFn: ({ signal }) => getTeams(tenantId, signal) });

export function useTeams(tenantId: string) {
  return useQuery(teamsQueryOptions(tenantId));
}
