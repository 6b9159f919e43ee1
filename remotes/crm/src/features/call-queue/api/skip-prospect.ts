import { useMutation } from '@tanstack/react-query';
import { apiRequest, callQueueReleaseResponseSchema } from '@app/shared';

/** Lets the prospect go back to the other callers. */
export function skipProspect(prospectId: string) {
  return apiRequest(`/crm/call-queue/${prospectId}/skip`, { method: 'POST', schema: callQueueReleaseResponseSchema });
}

export function useSkipProspect() {
  return useMutation({ mutationFn: skipProspect });
}
