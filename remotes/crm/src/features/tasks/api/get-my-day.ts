import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { myDaySchema, type MyDay } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export const myDayQueryKey = (tenantId: string) => tenantKey(tenantId, 'my-day');

export function getMyDay(tenantId: string, signal?: AbortSignal): Promise<MyDay> {
  return apiRequest('/crm/my-day', { query: { tenant_id: tenantId }, schema: myDaySchema, signal });
}

export const myDayQueryOptions = (tenantId: string) =>
  // Read again each minute: a page left open over midnight moves its tasks to the new day.
  queryOptions({ queryKey: myDayQueryKey(tenantId), queryFn: ({ signal }) => getMyDay(tenantId, signal), refetchInterval: 60_000 });

export function useMyDay(tenantId: string) {
  return useQuery(myDayQueryOptions(tenantId));
}
