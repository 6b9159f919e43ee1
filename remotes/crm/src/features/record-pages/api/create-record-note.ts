import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { recordNoteSchema, type NoteWrite, type RecordNote } from '@app/shared/forms';
import type { RecordKind } from './record-kind';
import { refreshRecordNotes } from './refresh-record';

export function createRecordNote(kind: RecordKind, id: string, body: NoteWrite): Promise<RecordNote> {
  return apiRequest(`/crm/${kind}/${id}/notes`, { method: 'POST', body, schema: recordNoteSchema });
}

export function useCreateRecordNote(tenantId: string, kind: RecordKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NoteWrite) => createRecordNote(kind, id, body),
    onSettled: () => refreshRecordNotes(queryClient, tenantId, kind, id),
  });
}
