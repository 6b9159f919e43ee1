import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { RecordNoteListResponse } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';
import type { RecordKind } from './record-kind';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

export const recordNotesQueryKey = (tenantId: string, kind: RecordKind, id: string) => [...tenantKey(tenantId, 'record-notes'), kind, id] as const;

export function getRecordNotes(kind: RecordKind, id: string, signal?: AbortSignal): Promise<RecordNoteListResponse> {
  return apiRequest(`/crm/${kind}/${id}/notes`, { signal });
}

export const recordNotesQueryOptions = (tenantId: string, kind: RecordKind, id: string) =>
  queryOptions({ queryKey: recordNotesQueryKey(tenantId, kind, id), queryFn: ({ signal }) => getRecordNotes(kind, id, signal) });

export function useRecordNotes(tenantId: string, kind: RecordKind, id: string) {
  return useQuery(recordNotesQueryOptions(tenantId, kind, id));
}
