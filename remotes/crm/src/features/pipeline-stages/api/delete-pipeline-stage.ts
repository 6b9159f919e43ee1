import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { tenantKey } from '../../../lib/query-keys';
import { pipelineStagesQueryKey } from './get-pipeline-stages';

export function deletePipelineStage(id: string): Promise<unknown> {
  return apiRequest(`/crm/pipeline-stage-options/${id}`, { method: 'DELETE' });
}

export function useDeletePipelineStage(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePipelineStage,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pipelineStagesQueryKey(tenantId) });
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'prospects') });
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'leads') });
    },
  });
}
