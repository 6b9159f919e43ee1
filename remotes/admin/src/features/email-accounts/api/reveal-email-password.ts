import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { emailAccountPasswordSchema } from '@app/shared/forms';
import { emailAccountsQueryKey } from './get-email-accounts';

/**
 * Asked for only when the user wants the password, and never cached: a mutation keeps it out
 * of the query cache, so it lives only as long as the screen shows it.
 */
export async function revealEmailPassword(id: string): Promise<string> {
  const { password } = await apiRequest(`/email/accounts/${id}/password`, { schema: emailAccountPasswordSchema });
  return password;
}

export function useRevealEmailPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revealEmailPassword,
    // Every reveal is recorded; the list shows when the last one was.
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailAccountsQueryKey }),
  });
}
