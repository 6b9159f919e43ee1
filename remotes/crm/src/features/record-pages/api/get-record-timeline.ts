import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { TimelineResponse } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';
import type { RecordKind } from './record-kind';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

export const recordTimelineQueryKey = (tenantId: string, kind: RecordKind, id: string) => [...tenantKey(tenantId, 'record-timeline'), kind, id] as const;

export function getRecordTimeline(kind: RecordKind, id: string, signal?: AbortSignal): Promise<TimelineResponse> {
  return apiRequest(`/crm/${kind}/${id}/timeline`, { signal });
}

export const recordTimelineQueryOptions = (tenantId: string, kind: RecordKind, id: string) =>
  queryOptions({ queryKey: recordTimelineQueryKey(tenantId, kind, id), queryFn: ({ signal }) => getRecordTimeline(kind, id, signal) });

export function useRecordTimeline(tenantId: string, kind: RecordKind, id: string) {
  return useQuery(recordTimelineQueryOptions(tenantId, kind, id));
}
