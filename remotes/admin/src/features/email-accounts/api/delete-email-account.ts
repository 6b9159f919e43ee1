import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { emailAccountsQueryKey } from './get-email-accounts';

export async function deleteEmailAccount(id: string): Promise<void> {
  await apiRequest(`/email/accounts/${id}`, { method: 'DELETE' });
}

export function useDeleteEmailAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmailAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailAccountsQueryKey }),
  });
}
