import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { quotationSchema, type Quotation } from '@app/shared/forms';
import { quotationsKey } from '../../../lib/query-keys';

export function duplicateQuotation(id: string): Promise<Quotation> {
  return apiRequest(`/quotations/${id}/duplicate`, { method: 'POST', schema: quotationSchema });
}

export function useDuplicateQuotation(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateQuotation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotationsKey(tenantId) }),
  });
}
