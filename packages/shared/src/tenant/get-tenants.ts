import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, useSession } from '@app/shared';
import { tenantListSchema, type Tenant } from '@app/shared/forms';

export const tenantsQueryKey = ['tenants'] as const;

export function getTenants(): Promise<Tenant[]> {
  return apiRequest('/crm/tenants', { schema: tenantListSchema });
}

export const tenantsQueryOptions = () => queryOptions({ queryKey: tenantsQueryKey, queryFn: getTenants });

export function useTenants() {
  const { isAuthenticated } = useSession();
  return useQuery({ ...tenantsQueryOptions(), enabled: isAuthenticated });
}
