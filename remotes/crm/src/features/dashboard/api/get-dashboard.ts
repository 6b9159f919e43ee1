import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { dashboardStatsSchema, type DashboardStats } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export const dashboardQueryKey = (tenantId: string) => tenantKey(tenantId, 'dashboard');

export function getDashboard(tenantId: string, signal?: AbortSignal): Promise<DashboardStats> {
  return apiRequest('/crm/dashboard', { query: { tenant_id: tenantId }, schema: dashboardStatsSchema, signal });
}

export const dashboardQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: dashboardQueryKey(tenantId), queryFn: ({ signal }) => getDashboard(tenantId, signal) });

export function useDashboard(tenantId: string) {
  return useQuery(dashboardQueryOptions(tenantId));
}
