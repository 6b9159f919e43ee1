import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { RecordKind } from './record-kind';
import { refreshRecordNotes } from './refresh-record';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

export function deleteRecordNote(kind: RecordKind, id: string, noteId: string) {
  return apiRequest(`/crm/${kind}/${id}/notes/${noteId}`, { method: 'DELETE' });
}

export function useDeleteRecordNote(tenantId: string, kind: RecordKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => deleteRecordNote(kind, id, noteId),
    onSettled: () => refreshRecordNotes(queryClient, tenantId, kind, id),
  });
}
