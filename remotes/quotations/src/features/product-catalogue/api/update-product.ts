import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { productSchema, type Product, type UpdateProduct } from '@app/shared/forms';
import { productsKey } from '../../../lib/query-keys';

export function updateProduct(id: string, body: UpdateProduct): Promise<Product> {
  return apiRequest(`/crm/products/${id}`, { method: 'PUT', body, schema: productSchema });
}

/** Changes, archives or restores a product; quotations made from it keep their lines. */
export function useUpdateProduct(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateProduct }) => updateProduct(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsKey(tenantId) }),
  });
}
