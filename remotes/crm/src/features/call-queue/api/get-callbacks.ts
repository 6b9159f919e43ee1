import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { CallbackListResponse, Callback } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export const callbacksDueQueryKey = (tenantId: string) => [...tenantKey(tenantId, 'callbacks'), { due: 'today' }] as const;

// The server sends this answer through the contract's schema, so it is typed here, not parsed again: the
// prospects list shows without loading zod.
export async function getCallbacksDue(tenantId: string, signal?: AbortSignal): Promise<Callback[]> {
  const answer = await apiRequest<CallbackListResponse>('/crm/callbacks', { query: { tenant_id: tenantId, due: 'today' }, signal });
  return answer.callbacks;
}

export const callbacksDueQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: callbacksDueQueryKey(tenantId), queryFn: ({ signal }) => getCallbacksDue(tenantId, signal), refetchInterval: 60_000 });

export function useCallbacksDue(tenantId: string) {
  return useQuery(callbacksDueQueryOptions(tenantId));
}
