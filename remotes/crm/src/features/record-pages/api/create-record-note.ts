import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { NoteWrite, RecordNote } from '@app/shared/forms';
import type { RecordKind } from './record-kind';
import { refreshRecordNotes } from './refresh-record';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

export function createRecordNote(kind: RecordKind, id: string, body: NoteWrite): Promise<RecordNote> {
  return apiRequest(`/crm/${kind}/${id}/notes`, { method: 'POST', body });
}

export function useCreateRecordNote(tenantId: string, kind: RecordKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NoteWrite) => createRecordNote(kind, id, body),
    onSettled: () => refreshRecordNotes(queryClient, tenantId, kind, id),
  });
}
