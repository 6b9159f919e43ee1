import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { tenantKey } from '../../../lib/query-keys';

export function deleteView(viewId: string): Promise<unknown> {
  return apiRequest(`/crm/views/${viewId}`, { method: 'DELETE' });
}

export function useDeleteView(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteView,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'views') }),
  });
}
