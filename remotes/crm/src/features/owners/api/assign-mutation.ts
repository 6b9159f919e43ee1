import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { assignResponseSchema, type AssignFilter, type AssignResponse } from '@app/shared/forms';
import { tenantKey, type TenantResource } from '../../../lib/query-keys';

/** What Assign to sends: the owner (null: unassigned) and the selected ids, or the list's filter. */
export interface AssignRequest {
  ownerId: string | null;
  target: { ids: readonly string[] } | { filter: AssignFilter };
}

/** Posts an Assign to of one list and refreshes the caches that show owners. */
export function useAssignMutation(tenantId: string, path: string, refreshed: readonly TenantResource[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ownerId, target }: AssignRequest): Promise<AssignResponse> =>
      apiRequest(path, { method: 'POST', body: { tenant_id: tenantId, owner_id: ownerId, ...target }, schema: assignResponseSchema }),
    onSettled: () => {
      for (const resource of refreshed) void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, resource) });
    },
  });
}
