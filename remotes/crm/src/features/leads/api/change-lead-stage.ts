import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { ChangeLeadStageRequest, Lead, LeadListResponse, PipelineStage } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

export function changeLeadStage(body: ChangeLeadStageRequest): Promise<Lead> {
  return apiRequest('/crm/leads/change-pipeline-stage', { method: 'POST', body });
}

export interface ChangeLeadStageVariables {
  lead: Lead;
  stage: PipelineStage;
  notes: string;
  /** Why it was lost, when the stage is a lost one. */
  lostReason?: string;
}

function replaceRow(data: LeadListResponse | undefined, row: Lead): LeadListResponse | undefined {
  if (!data) return data;
  return { ...data, leads: data.leads.map((item) => (item.id === row.id ? row : item)) };
}

/** Applied to every cached list at once and rolled back if the server refuses so the card moves at once. */
export function useChangeLeadStage(tenantId: string) {
  const queryClient = useQueryClient();
  const listsKey = tenantKey(tenantId, 'leads');
  return useMutation({
    mutationFn: ({ lead, stage, notes, lostReason }: ChangeLeadStageVariables) =>
      changeLeadStage({ lead_id: lead.id, pipeline_stage_id: stage.id, notes: notes || null, lost_reason: lostReason || null }),
    onMutate: async ({ lead, stage }) => {
      await queryClient.cancelQueries({ queryKey: listsKey });
      const previous: [QueryKey, LeadListResponse | undefined][] = queryClient.getQueriesData<LeadListResponse>({ queryKey: listsKey });
      const optimistic: Lead = { ...lead, pipeline_stage_id: stage.id, pipeline_stage_name: stage.name, pipeline_stage_color: stage.color };
      queryClient.setQueriesData<LeadListResponse>({ queryKey: listsKey }, (data) => replaceRow(data, optimistic));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (lead) => {
      queryClient.setQueriesData<LeadListResponse>({ queryKey: listsKey }, (data) => replaceRow(data, lead));
    },
    // Not awaited: the mutation (and its toast) should not wait for the lists to reload.
    onSettled: (_lead, _error, { lead }) => {
      void queryClient.invalidateQueries({ queryKey: listsKey });
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'pipeline-summary') });
      void queryClient.invalidateQueries({ queryKey: [...tenantKey(tenantId, 'lead-activities'), lead.id] });
    },
  });
}
