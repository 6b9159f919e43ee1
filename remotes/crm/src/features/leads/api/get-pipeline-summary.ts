import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { PipelineSummary } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';
import type { BoardFilters } from './get-lead-board-column';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

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
  return apiRequest('/crm/pipeline/summary', { query: { tenant_id: tenantId, ...summaryQuery(filters) }, signal });
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
