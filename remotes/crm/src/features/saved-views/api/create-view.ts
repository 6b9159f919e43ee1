import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { CreateSavedView, SavedView } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export function createView(body: CreateSavedView): Promise<SavedView> {
  return apiRequest('/crm/views', { method: 'POST', body });
}

export function useCreateView(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateSavedView, 'tenant_id'>) => createView({ ...body, tenant_id: tenantId }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'views') }),
  });
}
