import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { tenantSchema, type CreateTenantInput, type Tenant } from '@app/shared/forms';
import { tenantsQueryKey } from '@app/shared/staff';

export function createTenant(body: CreateTenantInput): Promise<Tenant> {
  return apiRequest('/crm/tenants', { method: 'POST', body, schema: tenantSchema });
}

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTenant,
    // The header's picker reads the same list and selects the first tenant once one exists.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: tenantsQueryKey }),
  });
}
