import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { prospectSchema, type Prospect, type UpdateProspect } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';
import { prospectQueryKey } from './get-prospect';

export function updateProspect(id: string, body: UpdateProspect): Promise<Prospect> {
  return apiRequest(`/crm/prospects/${id}`, { method: 'PUT', body, schema: prospectSchema });
}

export function useUpdateProspect(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateProspect }) => updateProspect(id, body),
    onSuccess: (prospect) => queryClient.setQueryData(prospectQueryKey(tenantId, prospect.id), prospect),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'prospects') });
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'prospect') });
    },
  });
}
