import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { Prospect, UpdateProspect } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';
import { prospectQueryKey } from './get-prospect';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

export function updateProspect(id: string, body: UpdateProspect): Promise<Prospect> {
  return apiRequest(`/crm/prospects/${id}`, { method: 'PUT', body });
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
