import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { productSchema, type CreateProduct, type Product } from '@app/shared/forms';
import { productsKey } from '../../../lib/query-keys';

export function createProduct(body: CreateProduct): Promise<Product> {
  return apiRequest('/crm/products', { method: 'POST', body, schema: productSchema });
}

export function useCreateProduct(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateProduct, 'tenant_id'>) => createProduct({ ...body, tenant_id: tenantId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsKey(tenantId) }),
  });
}
