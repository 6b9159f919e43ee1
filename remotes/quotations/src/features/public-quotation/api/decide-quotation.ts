import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { publicQuotationSchema, type AcceptQuotation, type PublicQuotation, type RejectQuotation } from '@app/shared/forms';
import { publicQuotationKey } from './get-public-quotation';

export type Decision = { kind: 'accept'; body: AcceptQuotation } | { kind: 'reject'; body: RejectQuotation };

/** POST …/accept {name} or …/reject {reason}: the client's answer, recorded once. */
export function decideQuotation(token: string, decision: Decision): Promise<PublicQuotation> {
  return apiRequest(`/public/quotations/${encodeURIComponent(token)}/${decision.kind}`, {
    method: 'POST',
    body: decision.body,
    schema: publicQuotationSchema,
  });
}

export function useDecideQuotation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) => decideQuotation(token, decision),
    onSuccess: (quotation) => queryClient.setQueryData(publicQuotationKey(token), quotation),
    // Someone else may have answered first (409): show what the link says now.
    onError: () => void queryClient.invalidateQueries({ queryKey: publicQuotationKey(token) }),
  });
}
