import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { ChangeProspectStageRequest, ChangeProspectStageResponse, PipelineStage, Prospect, ProspectListResponse } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

// The server sends the answer through the contract's schema, so it is typed here, not parsed again: the list
// that offers this change loads no zod.
export function changeProspectStage(body: ChangeProspectStageRequest) {
  return apiRequest<ChangeProspectStageResponse>('/crm/prospects/change-pipeline-stage', { method: 'POST', body });
}

export interface ChangeProspectStageVariables {
  prospect: Prospect;
  stage: PipelineStage;
  notes: string;
}

function replaceRow(data: ProspectListResponse | undefined, row: Prospect): ProspectListResponse | undefined {
  if (!data) return data;
  return { ...data, prospects: data.prospects.map((item) => (item.id === row.id ? row : item)) };
}

/** Applied to every cached list at once and rolled back if the server refuses so the card moves at once. */
export function useChangeProspectStage(tenantId: string) {
  const queryClient = useQueryClient();
  const listsKey = tenantKey(tenantId, 'prospects');
  return useMutation({
    mutationFn: ({ prospect, stage, notes }: ChangeProspectStageVariables) =>
      changeProspectStage({ prospect_id: prospect.id, pipeline_stage_id: stage.id, notes: notes || null }),
    onMutate: async ({ prospect, stage }) => {
      await queryClient.cancelQueries({ queryKey: listsKey });
      const previous: [QueryKey, ProspectListResponse | undefined][] = queryClient.getQueriesData<ProspectListResponse>({ queryKey: listsKey });
      const optimistic: Prospect = {
        ...prospect,
        pipeline_stage_id: stage.id,
        pipeline_stage_name: stage.name,
        pipeline_stage_color: stage.color,
      };
      queryClient.setQueriesData<ProspectListResponse>({ queryKey: listsKey }, (data) => replaceRow(data, optimistic));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (answer) => {
      queryClient.setQueriesData<ProspectListResponse>({ queryKey: listsKey }, (data) => replaceRow(data, answer.prospect));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: listsKey });
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'prospect') });
    },
  });
}
