import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { MyDay } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

export const myDayQueryKey = (tenantId: string) => tenantKey(tenantId, 'my-day');

export function getMyDay(tenantId: string, signal?: AbortSignal): Promise<MyDay> {
  return apiRequest('/crm/my-day', { query: { tenant_id: tenantId }, signal });
}

export const myDayQueryOptions = (tenantId: string) =>
  // Read again each minute: a page left open over midnight moves its tasks to the new day.
  queryOptions({ queryKey: myDayQueryKey(tenantId), queryFn: ({ signal }) => getMyDay(tenantId, signal), refetchInterval: 60_000 });

export function useMyDay(tenantId: string) {
  return useQuery(myDayQueryOptions(tenantId));
}
