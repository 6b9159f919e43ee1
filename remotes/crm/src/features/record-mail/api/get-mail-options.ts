import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { MailComposeOptions } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';
import type { MailRecordKind } from './get-record-mails';

export const mailOptionsQueryKey = (tenantId: string, kind: MailRecordKind, id: string) => [...tenantKey(tenantId, 'mail-options'), kind, id] as const;

export function getMailOptions(kind: MailRecordKind, id: string, signal?: AbortSignal): Promise<MailComposeOptions> {
  return apiRequest(`/crm/${kind}/${id}/mail-options`, { signal });
}

export const mailOptionsQueryOptions = (tenantId: string, kind: MailRecordKind, id: string) =>
  queryOptions({ queryKey: mailOptionsQueryKey(tenantId, kind, id), queryFn: ({ signal }) => getMailOptions(kind, id, signal) });

/** The record's addresses and the user's mailboxes that can send. */
export function useMailOptions(tenantId: string, kind: MailRecordKind, id: string) {
  return useQuery(mailOptionsQueryOptions(tenantId, kind, id));
}
