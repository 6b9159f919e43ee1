import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { OwnerOptionList } from '@app/shared/forms';
import { tenantKey } from '../lib/query-keys';

export const ownersQueryKey = (tenantId: string) => tenantKey(tenantId, 'owners');

/** The tenant's active users, by name: whom Assign to and the owner filter offer. */
export function getOwners(tenantId: string, signal?: AbortSignal): Promise<OwnerOptionList> {
  return apiRequest('/crm/owners', { query: { tenant_id: tenantId }, signal });
}

export const ownersQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: ownersQueryKey(tenantId),
    queryFn: ({ signal }) => getOwners(tenantId, signal),
    // People come and go rarely: a minute between reads is enough.
    staleTime: 60_000,
  });

export function useOwners(tenantId: string) {
  return useQuery(ownersQueryOptions(tenantId));
}
