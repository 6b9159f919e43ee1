import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { pipelineStageListSchema, type PipelineStage } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export const pipelineStagesQueryKey = (tenantId: string) => tenantKey(tenantId, 'pipeline-stages');

export function getPipelineStages(tenantId: string, signal?: AbortSignal): Promise<PipelineStage[]> {
  return apiRequest('/crm/pipeline-stage-options', { query: { tenant_id: tenantId }, schema: pipelineStageListSchema, signal });
}

export const pipelineStagesQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: pipelineStagesQueryKey(tenantId), queryFn: ({ signal }) => getPipelineStages(tenantId, signal) });

export function usePipelineStages(tenantId: string) {
  return useQuery(pipelineStagesQueryOptions(tenantId));
}
