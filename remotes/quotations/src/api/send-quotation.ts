import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { sendQuotationResponseSchema, type SendQuotationResponse } from '@app/shared/forms';
import { quotationsKey } from '../lib/query-keys';

export function sendQuotation(id: string): Promise<SendQuotationResponse> {
  return apiRequest(`/quotations/${id}/send`, { method: 'POST', schema: sendQuotationResponseSchema });
}

export function useSendQuotation(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendQuotation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotationsKey(tenantId) }),
  });
}
