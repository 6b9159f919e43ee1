import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { prospectSchema, type AddMessageToProspectRequest, type Prospect, type SupportMessage } from '@app/shared/forms';
import { messagesQueryKey } from './get-messages';

/** The message joins the prospect's history and is solved and linked to it; answers the prospect. */
export function addMessageToProspect(messageId: string, body: AddMessageToProspectRequest): Promise<Prospect> {
  return apiRequest(`/support/messages/${messageId}/add-to-prospect`, { method: 'POST', body, schema: prospectSchema });
}

/** The message leaves the inbox (it is solved) and the prospect's tenant reloads what shows its history. */
export function useAddMessageToProspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, body }: { messageId: string; body: AddMessageToProspectRequest }) => addMessageToProspect(messageId, body),
    onSuccess: (prospect, { messageId }) => {
      queryClient.setQueryData<SupportMessage[]>(messagesQueryKey, (messages) => messages?.filter((message) => message.id !== messageId));
      void queryClient.invalidateQueries({ queryKey: ['tenant', prospect.tenant_id, 'prospects'] });
      void queryClient.invalidateQueries({ queryKey: ['tenant', prospect.tenant_id, 'prospect', prospect.id] });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: messagesQueryKey }),
  });
}
