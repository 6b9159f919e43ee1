import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { User } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

/** The users whose home tenant this is: the only ones a team of it may have (admins read every user). */
export async function getTenantUsers(tenantId: string, signal?: AbortSignal): Promise<User[]> {
  const users = await apiRequest<User[]>('/auth/users', { signal });
  return users.filter((user) => user.tenant_id === tenantId);
}

export const tenantUsersQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: tenantKey(tenantId, 'users'), queryFn: ({ signal }) => getTenantUsers(tenantId, signal) });

export function useTenantUsers(tenantId: string) {
  return useQuery(tenantUsersQueryOptions(tenantId));
}
