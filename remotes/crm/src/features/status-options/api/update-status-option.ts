import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { statusOptionSchema, type StatusOption, type UpdateStatusOption } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';
import { statusOptionsQueryKey } from './get-status-options';

export function updateStatusOption(id: string, body: UpdateStatusOption): Promise<StatusOption> {
  return apiRequest(`/crm/status-options/${id}`, { method: 'PUT', body, schema: statusOptionSchema });
}

export function useUpdateStatusOption(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateStatusOption }) => updateStatusOption(id, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: statusOptionsQueryKey(tenantId) });
      // Prospect cards show the status name, which a rename changes.
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'prospects') });
    },
  });
}
