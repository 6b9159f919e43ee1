import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { PipelineStage } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export const pipelineStagesQueryKey = (tenantId: string) => tenantKey(tenantId, 'pipeline-stages');

// The server sends this answer through the contract's schema, so it is typed here, not parsed again: the
// prospects list shows without loading zod.
export function getPipelineStages(tenantId: string, signal?: AbortSignal): Promise<PipelineStage[]> {
  return apiRequest('/crm/pipeline-stage-options', { query: { tenant_id: tenantId }, signal });
}

export const pipelineStagesQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: pipelineStagesQueryKey(tenantId), queryFn: ({ signal }) => getPipelineStages(tenantId, signal) });

export function usePipelineStages(tenantId: string) {
  return useQuery(pipelineStagesQueryOptions(tenantId));
}
