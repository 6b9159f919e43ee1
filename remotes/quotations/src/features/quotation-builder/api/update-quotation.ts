import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { quotationSchema, type Quotation, type UpdateQuotation } from '@app/shared/forms';
import { quotationsKey } from '../../../lib/query-keys';

export function updateQuotation({ id, body }: { id: string; body: UpdateQuotation }): Promise<Quotation> {
  return apiRequest(`/quotations/${id}`, { method: 'PUT', body, schema: quotationSchema });
}

export function useUpdateQuotation(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuotation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotationsKey(tenantId) }),
  });
}
