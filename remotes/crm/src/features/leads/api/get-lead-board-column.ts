import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { LeadListQuery, LeadListResponse, OwnerFilter } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

/** Cards a column loads at a time. */
export const BOARD_PAGE_SIZE = 50;

export interface BoardFilters {
  q?: string;
  /** `me`, `none` or a user's id: whose leads the board shows. */
  owner_id?: OwnerFilter;
}

export type BoardColumnData = InfiniteData<LeadListResponse, unknown>;

export const leadBoardKey = (tenantId: string) => tenantKey(tenantId, 'lead-board');

export const leadBoardColumnKey = (tenantId: string, stageId: string, filters: BoardFilters) =>
  [
    ...leadBoardKey(tenantId),
    { pipeline_stage_id: stageId, ...(filters.q?.trim() ? { q: filters.q.trim() } : {}), ...(filters.owner_id ? { owner_id: filters.owner_id } : {}) },
  ] as const;

/** One page of a stage's leads, newest first, continuing after the lead `after` (keyset). */
export function getLeadBoardPage(
  tenantId: string,
  stageId: string,
  filters: BoardFilters,
  after: string | null,
  signal?: AbortSignal,
): Promise<LeadListResponse> {
  const query: Partial<Record<keyof LeadListQuery, string | number>> = { tenant_id: tenantId, pipeline_stage_id: stageId, limit: BOARD_PAGE_SIZE };
  if (filters.q?.trim()) query.q = filters.q.trim();
  if (filters.owner_id) query.owner_id = filters.owner_id;
  if (after) query.after = after;
  return apiRequest('/crm/leads', { query, signal });
}

export const leadBoardColumnQueryOptions = (tenantId: string, stageId: string, filters: BoardFilters) =>
  infiniteQueryOptions({
    queryKey: leadBoardColumnKey(tenantId, stageId, filters),
    queryFn: ({ pageParam, signal }) => getLeadBoardPage(tenantId, stageId, filters, pageParam as string | null, signal),
    initialPageParam: null as string | null,
    // Leads also arrive from the prospects tab (a converting status), which does not know the board: a column reloads whenever it is shown.
    staleTime: 0,
    // A short page ends the column; else the next page starts after its last card.
    getNextPageParam: (last) => (last.leads.length < BOARD_PAGE_SIZE ? null : last.leads[last.leads.length - 1]!.id),
  });

/** A column of the board: its leads page by page and, on the first page, the stage's total for the search. */
export function useLeadBoardColumn(tenantId: string, stageId: string, filters: BoardFilters) {
  return useInfiniteQuery(leadBoardColumnQueryOptions(tenantId, stageId, filters));
}
