import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { quotationsKey } from '../../../lib/query-keys';

export function deleteQuotation(id: string): Promise<unknown> {
  return apiRequest(`/quotations/${id}`, { method: 'DELETE' });
}

export function useDeleteQuotation(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuotation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotationsKey(tenantId) }),
  });
}
