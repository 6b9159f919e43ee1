import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { ChangeStatusRequest, ChangeStatusResponse, LeadListResponse, ProspectListResponse } from '@app/shared/forms';
import { isFirstUnfilteredPage, tenantKey } from '../../../lib/query-keys';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

export function changeProspectStatus(body: ChangeStatusRequest): Promise<ChangeStatusResponse> {
  return apiRequest('/crm/prospects/change-status', { method: 'POST', body });
}

/** The success toast's text: the new status in quotes, plus what happened to the prospect (made a lead, or removed). */
export function statusChangeMessage(answer: ChangeStatusResponse): string {
  let message = `Prospect status has been updated to "${answer.status_name}".`;
  if (answer.lead_created) message += ' A new lead has been created and the prospect has been moved to the leads tab.';
  else if (answer.should_remove_from_prospects) message += ' The prospect has been removed from the prospects list.';
  return message;
}

export function useChangeProspectStatus(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeProspectStatus,
    onSuccess: (answer) => {
      const leaves = answer.lead_created || answer.should_remove_from_prospects;
      queryClient.setQueriesData<ProspectListResponse>({ queryKey: tenantKey(tenantId, 'prospects') }, (data) => {
        if (!data) return data;
        if (!leaves) {
          return { ...data, prospects: data.prospects.map((row) => (row.id === answer.prospect.id ? answer.prospect : row)) };
        }
        const prospects = data.prospects.filter((row) => row.id !== answer.prospect_id);
        const removed = data.prospects.length - prospects.length;
        return { ...data, prospects, pagination: { ...data.pagination, total: Math.max(0, data.pagination.total - removed) } };
      });
      const lead = answer.lead_data;
      if (answer.lead_created && lead) {
        // The new lead goes on top of the leads list before the refetch confirms it.
        for (const [key, data] of queryClient.getQueriesData<LeadListResponse>({ queryKey: tenantKey(tenantId, 'leads') })) {
          if (!data || !isFirstUnfilteredPage(key)) continue;
          const rest = data.leads.filter((row) => row.id !== lead.id);
          queryClient.setQueryData<LeadListResponse>(key, {
            leads: [lead, ...rest],
            pagination: { ...data.pagination, total: data.pagination.total + (rest.length === data.leads.length ? 1 : 0) },
          });
        }
      }
    },
    onSettled: () => {
      for (const resource of ['prospects', 'prospect', 'leads', 'dashboard', 'goals'] as const) {
        void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, resource) });
      }
    },
  });
}
