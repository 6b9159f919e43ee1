import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { prospectSchema, type CreateProspect, type Prospect } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export function createProspect(body: CreateProspect): Promise<Prospect> {
  return apiRequest('/crm/prospects', { method: 'POST', body, schema: prospectSchema });
}

export function useCreateProspect(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateProspect, 'tenant_id'>) => createProspect({ ...body, tenant_id: tenantId }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'prospects') });
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'dashboard') });
    },
  });
}
