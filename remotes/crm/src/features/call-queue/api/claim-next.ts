import { apiRequest } from '@app/shared';
import { callCardSchema, type CallCard, type CallQueueNextRequest } from '@app/shared/forms';

/** Claims the next prospect of the queue for this caller; null when none is left. */
export async function claimNext(body: CallQueueNextRequest): Promise<CallCard | null> {
  const answer = await apiRequest<unknown>('/crm/call-queue/next', { method: 'POST', body });
  return answer === undefined ? null : callCardSchema.parse(answer);
}
