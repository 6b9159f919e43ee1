import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { Lead, LeadListResponse, UpdateLead } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

export function updateLead(id: string, body: UpdateLead): Promise<Lead> {
  return apiRequest(`/crm/leads/${id}`, { method: 'PUT', body });
}

export function useUpdateLead(tenantId: string) {
  const queryClient = useQueryClient();
  const listsKey = tenantKey(tenantId, 'leads');
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateLead }) => updateLead(id, body),
    onSuccess: (lead) =>
      queryClient.setQueriesData<LeadListResponse>({ queryKey: listsKey }, (data) =>
        data ? { ...data, leads: data.leads.map((row) => (row.id === lead.id ? lead : row)) } : data,
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: listsKey });
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'pipeline-summary') });
    },
  });
}
