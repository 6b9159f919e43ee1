import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { quotationSchema, type AcceptQuotation, type Quotation } from '@app/shared/forms';

/** Records an acceptance the client gave outside the link (by phone, on paper), under their name. */
export function acceptQuotation(id: string, body: AcceptQuotation): Promise<Quotation> {
  return apiRequest(`/quotations/${id}/accept`, { method: 'POST', body, schema: quotationSchema });
}

export function useAcceptQuotation(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AcceptQuotation }) => acceptQuotation(id, body),
    // The lead it was made from moves too: every list of the tenant (leads, the board, the dashboard) reads afresh.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tenant', tenantId] }),
  });
}
