import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { pipelineStageSchema, type PipelineStage, type UpdatePipelineStage } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';
import { pipelineStagesQueryKey } from './get-pipeline-stages';

export function updatePipelineStage(id: string, body: UpdatePipelineStage): Promise<PipelineStage> {
  return apiRequest(`/crm/pipeline-stage-options/${id}`, { method: 'PUT', body, schema: pipelineStageSchema });
}

export function useUpdatePipelineStage(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePipelineStage }) => updatePipelineStage(id, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pipelineStagesQueryKey(tenantId) });
      // Cards show the stage's name and colour, which an edit changes.
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'prospects') });
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'leads') });
    },
  });
}
