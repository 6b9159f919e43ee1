import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { quotationSchema, type CreateQuotation, type Quotation } from '@app/shared/forms';
import { quotationsKey } from '../../../lib/query-keys';

export function createQuotation(body: CreateQuotation): Promise<Quotation> {
  return apiRequest('/quotations', { method: 'POST', body, schema: quotationSchema });
}

export function useCreateQuotation(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuotation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotationsKey(tenantId) }),
  });
}
