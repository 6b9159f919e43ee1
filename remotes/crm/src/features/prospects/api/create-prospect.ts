import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { CreateProspect, Prospect } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

export function createProspect(body: CreateProspect): Promise<Prospect> {
  return apiRequest('/crm/prospects', { method: 'POST', body });
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
