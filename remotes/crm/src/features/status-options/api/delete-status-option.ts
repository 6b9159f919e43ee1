import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { tenantKey } from '../../../lib/query-keys';
import { statusOptionsQueryKey } from './get-status-options';

export function deleteStatusOption(id: string): Promise<unknown> {
  return apiRequest(`/crm/status-options/${id}`, { method: 'DELETE' });
}

export function useDeleteStatusOption(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStatusOption,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: statusOptionsQueryKey(tenantId) });
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'prospects') });
    },
  });
}
