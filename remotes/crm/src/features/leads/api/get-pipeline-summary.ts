import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { pipelineSummarySchema, type PipelineSummary } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export const pipelineSummaryKey = (tenantId: string, q?: string) =>
  [...tenantKey(tenantId, 'pipeline-summary'), ...(q?.trim() ? [{ q: q.trim() }] : [])] as const;

/** Count, value and weighted value of the leads of the search, per stage and in all. */
export function getPipelineSummary(tenantId: string, q: string | undefined, signal?: AbortSignal): Promise<PipelineSummary> {
  const query: Record<string, string> = { tenant_id: tenantId };
  if (q?.trim()) query.q = q.trim();
  return apiRequest('/crm/pipeline/summary', { query, schema: pipelineSummarySchema, signal });
}

export const pipelineSummaryQueryOptions = (tenantId: string, q?: string) =>
  queryOptions({
    queryKey: pipelineSummaryKey(tenantId, q),
    queryFn: ({ signal }) => getPipelineSummary(tenantId, q, signal),
    // Leads also move from other screens; the figures reload whenever the board shows.
    staleTime: 0,
  });

export function usePipelineSummary(tenantId: string, q?: string) {
  return useQuery(pipelineSummaryQueryOptions(tenantId, q));
}
