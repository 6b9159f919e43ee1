import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { tenantKey } from '../../../lib/query-keys';

export function deleteLead(leadId: string): Promise<unknown> {
  return apiRequest(`/crm/leads/${leadId}`, { method: 'DELETE' });
}

export function useDeleteLead(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLead,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'leads') });
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'pipeline-summary') });
    },
  });
}
