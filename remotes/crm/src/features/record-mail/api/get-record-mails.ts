import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { RecordMailList } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

/** The records that have mail, by the path segment of their routes. */
export type MailRecordKind = 'prospects' | 'leads';

export const recordMailsQueryKey = (tenantId: string, kind: MailRecordKind, id: string) => [...tenantKey(tenantId, 'record-mails'), kind, id] as const;

export function getRecordMails(kind: MailRecordKind, id: string, signal?: AbortSignal): Promise<RecordMailList> {
  return apiRequest(`/crm/${kind}/${id}/mails`, { signal });
}

export const recordMailsQueryOptions = (tenantId: string, kind: MailRecordKind, id: string) =>
  // A reply is fetched from the mailbox every minute: an open page asks again as often.
  queryOptions({ queryKey: recordMailsQueryKey(tenantId, kind, id), queryFn: ({ signal }) => getRecordMails(kind, id, signal), refetchInterval: 60_000 });

export function useRecordMails(tenantId: string, kind: MailRecordKind, id: string) {
  return useQuery(recordMailsQueryOptions(tenantId, kind, id));
}
