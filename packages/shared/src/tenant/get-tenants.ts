import { queryOptions, useQuery } from '@tanstack/react-query';
import { tenantListSchema, type Tenant } from '../contracts/tenants';
import { apiRequest } from '../api/client';
import { useSession } from '../session/session-store';

export const tenantsQueryKey = ['tenants'] as const;

export function getTenants(): Promise<Tenant[]> {
  return apiRequest('/crm/tenants', { schema: tenantListSchema });
}

export const tenantsQueryOptions = () => queryOptions({ queryKey: tenantsQueryKey, queryFn: getTenants });

export function useTenants() {
  const { isAuthenticated } = useSession();
  return useQuery({ ...tenantsQueryOptions(), enabled: isAuthenticated });
}
