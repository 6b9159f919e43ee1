import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { pipelineStageSchema, type CreatePipelineStage, type PipelineStage } from '@app/shared/forms';
import { pipelineStagesQueryKey } from './get-pipeline-stages';

export function createPipelineStage(body: CreatePipelineStage): Promise<PipelineStage> {
  return apiRequest('/crm/pipeline-stage-options', { method: 'POST', body, schema: pipelineStageSchema });
}

export function useCreatePipelineStage(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreatePipelineStage, 'tenant_id'>) => createPipelineStage({ ...body, tenant_id: tenantId }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: pipelineStagesQueryKey(tenantId) }),
  });
}
