import type { QueryClient } from '@tanstack/react-query';
import { recordNotesQueryKey } from './get-record-notes';
import { recordTimelineQueryKey } from './get-record-timeline';
import type { RecordKind } from './record-kind';

/** After a note is written, changed or deleted: the record's notes and its timeline show it. */
export function refreshRecordNotes(queryClient: QueryClient, tenantId: string, kind: RecordKind, id: string): void {
  void queryClient.invalidateQueries({ queryKey: recordNotesQueryKey(tenantId, kind, id) });
  void queryClient.invalidateQueries({ queryKey: recordTimelineQueryKey(tenantId, kind, id) });
}
