import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { deletedResponseSchema } from '@app/shared/forms';
import type { RecordKind } from './record-kind';
import { refreshRecordNotes } from './refresh-record';

export function deleteRecordNote(kind: RecordKind, id: string, noteId: string) {
  return apiRequest(`/crm/${kind}/${id}/notes/${noteId}`, { method: 'DELETE', schema: deletedResponseSchema });
}

export function useDeleteRecordNote(tenantId: string, kind: RecordKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => deleteRecordNote(kind, id, noteId),
    onSettled: () => refreshRecordNotes(queryClient, tenantId, kind, id),
  });
}
