import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { webInterfaceUrlSchema } from '@app/shared/forms';
import { emailAccountsQueryKey } from './get-email-accounts';

export async function getWebInterfaceUrl(id: string, signal?: AbortSignal): Promise<string> {
  const { url } = await apiRequest(`/email/web-interface-url/${id}`, { schema: webInterfaceUrlSchema, signal });
  return url;
}

// Under the accounts key: editing an account (its provider) refreshes its address too.
export const webInterfaceUrlQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...emailAccountsQueryKey, id, 'web-interface-url'], queryFn: ({ signal }) => getWebInterfaceUrl(id, signal) });

/** Fetched with the selection, so Open Web Interface can be a plain link the browser opens at once. */
export function useWebInterfaceUrl(id: string | undefined) {
  return useQuery({ ...webInterfaceUrlQueryOptions(id ?? ''), enabled: Boolean(id) });
}
