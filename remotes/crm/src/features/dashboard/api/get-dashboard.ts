import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { DashboardStats } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export const dashboardQueryKey = (tenantId: string) => tenantKey(tenantId, 'dashboard');

// The server sends this answer through the contract's schema, so it is typed here, not parsed again: the
// prospects list shows without loading zod.
export function getDashboard(tenantId: string, signal?: AbortSignal): Promise<DashboardStats> {
  return apiRequest('/crm/dashboard', { query: { tenant_id: tenantId }, signal });
}

export const dashboardQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: dashboardQueryKey(tenantId), queryFn: ({ signal }) => getDashboard(tenantId, signal) });

export function useDashboard(tenantId: string) {
  return useQuery(dashboardQueryOptions(tenantId));
}
