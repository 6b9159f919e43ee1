import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { productListResponseSchema, type ProductListResponse } from '@app/shared/forms';
import { normaliseProductFilters, productListKey, type ProductFilters } from '../lib/query-keys';

export function getProducts(tenantId: string, filters: ProductFilters, signal?: AbortSignal): Promise<ProductListResponse> {
  return apiRequest('/crm/products', { query: { tenant_id: tenantId, ...normaliseProductFilters(filters) }, schema: productListResponseSchema, signal });
}

export const productsQueryOptions = (tenantId: string, filters: ProductFilters) =>
  queryOptions({
    queryKey: productListKey(tenantId, filters),
    queryFn: ({ signal }) => getProducts(tenantId, filters, signal),
    placeholderData: keepPreviousData,
  });

/** A page of the tenant's catalogue: its page lists it, the builder's lines pick from it (`enabled` while a line's field is in use). */
export function useProducts(tenantId: string, filters: ProductFilters, enabled = true) {
  return useQuery({ ...productsQueryOptions(tenantId, filters), enabled });
}
