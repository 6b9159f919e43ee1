import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, useSession } from '@app/shared';
import { supportMessageListSchema, type SupportMessage } from '@app/shared/forms';

export const messagesQueryKey = ['support-messages'] as const;

/** Unsolved messages, newest first. The server already orders them; sorting here keeps that true whatever it sends. */
export async function getMessages(signal?: AbortSignal): Promise<SupportMessage[]> {
  const { messages } = await apiRequest('/support/messages', { schema: supportMessageListSchema, signal });
  return [...messages].sort((a, b) => timeOf(b.created_at) - timeOf(a.created_at));
}

function timeOf(value: string): number {
  const time = Date.parse(value);
  // Undated messages sink to the end rather than jumping to the top.
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

export const messagesQueryOptions = () => queryOptions({ queryKey: messagesQueryKey, queryFn: ({ signal }) => getMessages(signal) });

export function useMessages() {
  const { isAuthenticated } = useSession();
  return useQuery({ ...messagesQueryOptions(), enabled: isAuthenticated });
}
