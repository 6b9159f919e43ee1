import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { emailAccountSchema, type EmailAccount, type UpdateEmailAccountInput } from '@app/shared/forms';
import { emailAccountsQueryKey } from './get-email-accounts';

export function updateEmailAccount({ id, body }: { id: string; body: UpdateEmailAccountInput }): Promise<EmailAccount> {
  return apiRequest(`/email/accounts/${id}`, { method: 'PUT', body, schema: emailAccountSchema });
}

export function useUpdateEmailAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailAccount,
    // The provider may have changed, and with it the web interface address.
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailAccountsQueryKey }),
  });
}
