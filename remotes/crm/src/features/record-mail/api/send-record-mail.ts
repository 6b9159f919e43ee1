import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { RecordMail, SendRecordMailInput } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';
import { recordMailsQueryKey, type MailRecordKind } from './get-record-mails';

export function sendRecordMail(kind: MailRecordKind, id: string, body: SendRecordMailInput): Promise<RecordMail> {
  return apiRequest(`/crm/${kind}/${id}/mails`, { method: 'POST', body });
}

/** A sent mail is on the record's mail and its timeline. */
export function useSendRecordMail(tenantId: string, kind: MailRecordKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendRecordMailInput) => sendRecordMail(kind, id, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: recordMailsQueryKey(tenantId, kind, id) });
      void queryClient.invalidateQueries({ queryKey: [...tenantKey(tenantId, 'record-timeline'), kind, id] });
    },
  });
}
