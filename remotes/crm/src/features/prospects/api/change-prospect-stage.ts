import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import {
  changeProspectStageResponseSchema,
  type ChangeProspectStageRequest,
  type PipelineStage,
  type Prospect,
  type ProspectListResponse,
} from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export function changeProspectStage(body: ChangeProspectStageRequest) {
  return apiRequest('/crm/prospects/change-pipeline-stage', { method: 'POST', body, schema: changeProspectStageResponseSchema });
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
