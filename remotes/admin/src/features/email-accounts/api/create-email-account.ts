import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { emailAccountSchema, type CreateEmailAccountInput, type EmailAccount } from '@app/shared/forms';
import { emailAccountsQueryKey } from './get-email-accounts';

export function createEmailAccount(body: CreateEmailAccountInput): Promise<EmailAccount> {
  return apiRequest('/email/accounts', { method: 'POST', body, schema: emailAccountSchema });
}

export function useCreateEmailAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmailAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailAccountsQueryKey }),
  });
}
