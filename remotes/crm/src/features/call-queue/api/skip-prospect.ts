import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { callQueueReleaseResponseSchema } from '@app/shared/forms';

/** Lets the prospect go back to the other callers. */
export function skipProspect(prospectId: string) {
  return apiRequest(`/crm/call-queue/${prospectId}/skip`, { method: 'POST', schema: callQueueReleaseResponseSchema });
}

export function useSkipProspect() {
  return useMutation({ mutationFn: skipProspect });
}
