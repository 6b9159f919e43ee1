import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { userListSchema } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

/** The tenant's users, for an admin's owner filter (only admins may list users). */
export async function getTenantUsers(tenantId: string, signal?: AbortSignal) {
  const users = await apiRequest('/auth/users', { schema: userListSchema, signal });
  return users.filter((user) => user.tenant_id === tenantId).map((user) => ({ id: user.id, name: user.full_name || user.email }));
}

export const tenantUsersQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: tenantKey(tenantId, 'tenant-users'), queryFn: ({ signal }) => getTenantUsers(tenantId, signal), staleTime: 60_000 });

export function useTenantUsers(tenantId: string, enabled: boolean) {
  return useQuery({ ...tenantUsersQueryOptions(tenantId), enabled });
}
