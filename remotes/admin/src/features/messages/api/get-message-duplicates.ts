import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { messageDuplicatesResponseSchema, type MessageDuplicatesQuery, type MessageDuplicatesResponse } from '@app/shared/forms';

export const messageDuplicatesQueryKey = (messageId: string, query: MessageDuplicatesQuery) =>
  ['tenant', query.tenant_id, 'message-duplicates', messageId, { phone1: query.phone1 ?? '', email: query.email ?? '' }] as const;

/** The tenant's prospects that already hold the phone or the email a converted message would get. */
export function getMessageDuplicates(messageId: string, query: MessageDuplicatesQuery, signal?: AbortSignal): Promise<MessageDuplicatesResponse> {
  return apiRequest(`/support/messages/${messageId}/duplicates`, { query: { ...query }, schema: messageDuplicatesResponseSchema, signal });
}

export const messageDuplicatesQueryOptions = (messageId: string, query: MessageDuplicatesQuery) =>
  queryOptions({
    queryKey: messageDuplicatesQueryKey(messageId, query),
    queryFn: ({ signal }) => getMessageDuplicates(messageId, query, signal),
    placeholderData: keepPreviousData,
    // Prospects change in another screen: the check is fresh every time the dialog asks.
    staleTime: 0,
  });

export function useMessageDuplicates(messageId: string, query: MessageDuplicatesQuery) {
  return useQuery({ ...messageDuplicatesQueryOptions(messageId, query), enabled: Boolean(query.tenant_id && (query.phone1 || query.email)) });
}
