import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { tenantKey } from '../../../lib/query-keys';

export function deleteProspect(prospectId: string): Promise<unknown> {
  return apiRequest(`/crm/prospects/${prospectId}`, { method: 'DELETE' });
}

export function useDeleteProspect(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProspect,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'prospects') });
      // Deleting a prospect also deletes its lead, so the leads lists are refreshed too.
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'leads') });
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'dashboard') });
    },
  });
}
