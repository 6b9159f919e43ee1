import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { messageResponseSchema, type MessageResponse, type SupportMessage } from '@app/shared/forms';
import { messagesQueryKey } from './get-messages';

export function deleteMessage(messageId: string): Promise<MessageResponse> {
  return apiRequest(`/support/messages/${messageId}`, { method: 'DELETE', schema: messageResponseSchema });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    // The message leaves the list at once; the refetch that follows confirms it.
    onSuccess: (_answer, messageId) =>
      queryClient.setQueryData<SupportMessage[]>(messagesQueryKey, (messages) => messages?.filter((message) => message.id !== messageId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesQueryKey }),
  });
}
