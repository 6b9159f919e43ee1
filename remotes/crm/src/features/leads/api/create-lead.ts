import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { CreateLead, Lead } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

export function createLead(body: CreateLead): Promise<Lead> {
  return apiRequest('/crm/leads', { method: 'POST', body });
}

export function useCreateLead(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; phone1: string; value?: string | null }) => createLead({ ...body, tenant_id: tenantId }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'leads') });
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'pipeline-summary') });
    },
  });
}
