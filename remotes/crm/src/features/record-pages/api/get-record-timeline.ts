import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { timelineResponseSchema, type TimelineResponse } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';
import type { RecordKind } from './record-kind';

export const recordTimelineQueryKey = (tenantId: string, kind: RecordKind, id: string) => [...tenantKey(tenantId, 'record-timeline'), kind, id] as const;

export function getRecordTimeline(kind: RecordKind, id: string, signal?: AbortSignal): Promise<TimelineResponse> {
  return apiRequest(`/crm/${kind}/${id}/timeline`, { schema: timelineResponseSchema, signal });
}

export const recordTimelineQueryOptions = (tenantId: string, kind: RecordKind, id: string) =>
  queryOptions({ queryKey: recordTimelineQueryKey(tenantId, kind, id), queryFn: ({ signal }) => getRecordTimeline(kind, id, signal) });

export function useRecordTimeline(tenantId: string, kind: RecordKind, id: string) {
  return useQuery(recordTimelineQueryOptions(tenantId, kind, id));
}
