import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { callbackListResponseSchema, type Callback } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export const callbacksDueQueryKey = (tenantId: string) => [...tenantKey(tenantId, 'callbacks'), { due: 'today' }] as const;

export async function getCallbacksDue(tenantId: string, signal?: AbortSignal): Promise<Callback[]> {
  const answer = await apiRequest('/crm/callbacks', { query: { tenant_id: tenantId, due: 'today' }, schema: callbackListResponseSchema, signal });
  return answer.callbacks;
}

export const callbacksDueQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: callbacksDueQueryKey(tenantId), queryFn: ({ signal }) => getCallbacksDue(tenantId, signal), refetchInterval: 60_000 });

export function useCallbacksDue(tenantId: string) {
  return useQuery(callbacksDueQueryOptions(tenantId));
}
