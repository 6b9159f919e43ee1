import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { statusOptionSchema, type CreateStatusOption, type StatusOption } from '@app/shared/forms';
import { statusOptionsQueryKey } from './get-status-options';

export function createStatusOption(body: CreateStatusOption): Promise<StatusOption> {
  return apiRequest('/crm/status-options', { method: 'POST', body, schema: statusOptionSchema });
}

export function useCreateStatusOption(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateStatusOption, 'tenant_id'>) => createStatusOption({ ...body, tenant_id: tenantId }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: statusOptionsQueryKey(tenantId) }),
  });
}
