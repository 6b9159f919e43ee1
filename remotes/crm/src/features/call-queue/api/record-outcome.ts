import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { callOutcomeResponseSchema, type CallOutcomeRequest, type CallOutcomeResponse } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export interface OutcomeInput extends CallOutcomeRequest {
  prospectId: string;
}

export function recordOutcome({ prospectId, ...body }: OutcomeInput): Promise<CallOutcomeResponse> {
  return apiRequest(`/crm/call-queue/${prospectId}/outcome`, { method: 'POST', body, schema: callOutcomeResponseSchema });
}

/** The outcome is a status change with a call: everything a status change touches is refetched. */
export function useRecordOutcome(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordOutcome,
    onSettled: () => {
      for (const resource of ['prospects', 'prospect', 'leads', 'dashboard', 'goals', 'callbacks'] as const) {
        void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, resource) });
      }
    },
  });
}
