import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { NoteWrite, RecordNote } from '@app/shared/forms';
import type { RecordKind } from './record-kind';
import { refreshRecordNotes } from './refresh-record';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

export function updateRecordNote(kind: RecordKind, id: string, noteId: string, body: NoteWrite): Promise<RecordNote> {
  return apiRequest(`/crm/${kind}/${id}/notes/${noteId}`, { method: 'PUT', body });
}

export function useUpdateRecordNote(tenantId: string, kind: RecordKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, body }: { noteId: string; body: NoteWrite }) => updateRecordNote(kind, id, noteId, body),
    onSettled: () => refreshRecordNotes(queryClient, tenantId, kind, id),
  });
}
