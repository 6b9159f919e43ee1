import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { prospectSchema, type ConvertMessageRequest, type Prospect, type SupportMessage } from '@app/shared/forms';
import { messagesQueryKey } from './get-messages';

export function convertMessage(messageId: string, body: ConvertMessageRequest): Promise<Prospect> {
  return apiRequest(`/support/messages/${messageId}/convert`, { method: 'POST', body, schema: prospectSchema });
}

/** The message leaves the inbox (it is solved) and the tenant's prospect lists and counters reload. */
export function useConvertMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, body }: { messageId: string; body: ConvertMessageRequest }) => convertMessage(messageId, body),
    onSuccess: (_prospect, { messageId }) =>
      queryClient.setQueryData<SupportMessage[]>(messagesQueryKey, (messages) => messages?.filter((message) => message.id !== messageId)),
    onSettled: (_prospect, _error, { body }) => {
      void queryClient.invalidateQueries({ queryKey: messagesQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['tenant', body.tenant_id, 'prospects'] });
      void queryClient.invalidateQueries({ queryKey: ['tenant', body.tenant_id, 'dashboard'] });
    },
  });
}
