import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, useSession } from '@app/shared';
import { emailAccountListSchema, type EmailAccount } from '@app/shared/forms';

/** The signed-in user's own accounts: not tenant data, and the cache is cleared at logout. */
export const emailAccountsQueryKey = ['email-accounts'] as const;

export function getEmailAccounts(signal?: AbortSignal): Promise<EmailAccount[]> {
  return apiRequest('/email/accounts', { schema: emailAccountListSchema, signal });
}

export const emailAccountsQueryOptions = () => queryOptions({ queryKey: emailAccountsQueryKey, queryFn: ({ signal }) => getEmailAccounts(signal) });

export function useEmailAccounts() {
  const { isAuthenticated } = useSession();
  return useQuery({ ...emailAccountsQueryOptions(), enabled: isAuthenticated });
}
