import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { recordNoteSchema, type NoteWrite, type RecordNote } from '@app/shared/forms';
import type { RecordKind } from './record-kind';
import { refreshRecordNotes } from './refresh-record';

export function updateRecordNote(kind: RecordKind, id: string, noteId: string, body: NoteWrite): Promise<RecordNote> {
  return apiRequest(`/crm/${kind}/${id}/notes/${noteId}`, { method: 'PUT', body, schema: recordNoteSchema });
}

export function useUpdateRecordNote(tenantId: string, kind: RecordKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, body }: { noteId: string; body: NoteWrite }) => updateRecordNote(kind, id, noteId, body),
    onSettled: () => refreshRecordNotes(queryClient, tenantId, kind, id),
  });
}
