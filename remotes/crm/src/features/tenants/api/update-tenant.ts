import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { tenantSchema, type Tenant, type UpdateTenantInput } from '@app/shared/forms';
import { tenantsQueryKey } from '@app/shared/staff';

export function updateTenant(tenantId: string, body: UpdateTenantInput): Promise<Tenant> {
  return apiRequest(`/crm/tenants/${tenantId}`, { method: 'PUT', body, schema: tenantSchema });
}

export function useUpdateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTenantInput }) => updateTenant(id, body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: tenantsQueryKey }),
  });
}
