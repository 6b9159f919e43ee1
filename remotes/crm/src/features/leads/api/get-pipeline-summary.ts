import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { pipelineSummarySchema, type PipelineSummary } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';
import type { BoardFilters } from './get-lead-board-column';

/** The board's search and owner, as the summary takes them (empty ones left out). */
function summaryQuery(filters: BoardFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.q?.trim()) query.q = filters.q.trim();
  if (filters.owner_id) query.owner_id = filters.owner_id;
  return query;
}

export const pipelineSummaryKey = (tenantId: string, filters: BoardFilters) => [...tenantKey(tenantId, 'pipeline-summary'), summaryQuery(filters)] as const;

/** Count, value and weighted value of the leads of the search, per stage and in all. */
export function getPipelineSummary(tenantId: string, filters: BoardFilters, signal?: AbortSignal): Promise<PipelineSummary> {
  return apiRequest('/crm/pipeline/summary', { query: { tenant_id: tenantId, ...summaryQuery(filters) }, schema: pipelineSummarySchema, signal });
}

export const pipelineSummaryQueryOptions = (tenantId: string, filters: BoardFilters) =>
  queryOptions({
    queryKey: pipelineSummaryKey(tenantId, filters),
    queryFn: ({ signal }) => getPipelineSummary(tenantId, filters, signal),
    // Leads also move from other screens; the figures reload whenever the board shows.
    staleTime: 0,
  });

export function usePipelineSummary(tenantId: string, filters: BoardFilters) {
  return useQuery(pipelineSummaryQueryOptions(tenantId, filters));
}
