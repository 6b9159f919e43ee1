import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { DEFAULT_COUNTRY, DEFAULT_CURRENCY } from '../contracts/constants';
import type { Tenant } from '../contracts/tenants';
import { hasStaffAccess, useSession } from '../session/session-store';

export const tenantsQueryKey = ['tenants'] as const;

// The server sends the list through the tenants contract, so it is typed here, not parsed again: the header's
// picker and the CRM read it without loading zod.
export function getTenants(): Promise<Tenant[]> {
  return apiRequest('/crm/tenants');
}

export const tenantsQueryOptions = () => queryOptions({ queryKey: tenantsQueryKey, queryFn: getTenants });

/** The tenants the signed-in user may work in: the header's picker and every staff screen read this one query. */
export function useTenants() {
  const { isAuthenticated, user } = useSession();
  // The tenant list is the staff app's: an account without staff access is not sent to be refused.
  return useQuery({ ...tenantsQueryOptions(), enabled: isAuthenticated && hasStaffAccess(user) });
}

/** The country a tenant's phones written without + are read in (the default until the list has loaded). */
export function useTenantCountry(tenantId: string | null | undefined): string {
  const { data } = useTenants();
  return data?.find((tenant) => tenant.id === tenantId)?.default_country ?? DEFAULT_COUNTRY;
}

/** The currency (ISO 4217) a tenant's amounts are in and shown in. */
export function useTenantCurrency(tenantId: string | null | undefined): string {
  const { data } = useTenants();
  return data?.find((tenant) => tenant.id === tenantId)?.currency ?? DEFAULT_CURRENCY;
}
