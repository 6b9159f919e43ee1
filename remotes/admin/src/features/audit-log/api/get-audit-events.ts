import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, useSession } from '@app/shared';
import { auditEventPageSchema, type AuditEventPage } from '@app/shared/forms';
import type { AuditFilterQuery } from '../utils/audit-filters';

export const auditEventsQueryKey = (query: AuditFilterQuery) => ['audit-events', query] as const;

export const AUDIT_PAGE_SIZE = 50;

export function getAuditEvents(query: AuditFilterQuery, before: string | null, signal?: AbortSignal): Promise<AuditEventPage> {
  return apiRequest('/audit-events', {
    schema: auditEventPageSchema,
    query: { ...query, limit: AUDIT_PAGE_SIZE, ...(before ? { before } : {}) },
    signal,
  });
}

/** Newest first; each further page continues from the last entry shown ('Load more'). */
export const auditEventsQueryOptions = (query: AuditFilterQuery) =>
  infiniteQueryOptions({
    queryKey: auditEventsQueryKey(query),
    queryFn: ({ pageParam, signal }) => getAuditEvents(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

export function useAuditEvents(query: AuditFilterQuery) {
  const { isAuthenticated } = useSession();
  return useInfiniteQuery({ ...auditEventsQueryOptions(query), enabled: isAuthenticated });
}
