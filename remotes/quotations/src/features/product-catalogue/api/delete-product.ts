import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { productsKey } from '../../../lib/query-keys';

export function deleteProduct(id: string): Promise<unknown> {
  return apiRequest(`/crm/products/${id}`, { method: 'DELETE' });
}

export function useDeleteProduct(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsKey(tenantId) }),
  });
}
