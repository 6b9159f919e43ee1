import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { revertImportResponseSchema, type RevertImportResponse } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export function revertImport(importId: string): Promise<RevertImportResponse> {
  return apiRequest(`/crm/imports/${importId}/revert`, { method: 'POST', schema: revertImportResponseSchema });
}

export function useRevertImport(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revertImport,
    onSettled: () => {
      for (const resource of ['imports', 'prospects', 'dashboard'] as const) void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, resource) });
    },
  });
}
