import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, useSession } from '@app/shared';
import { userListSchema, type User } from '@app/shared/forms';

export const usersQueryKey = ['users'] as const;

export function getUsers(signal?: AbortSignal): Promise<User[]> {
  return apiRequest('/auth/users', { schema: userListSchema, signal });
}

export const usersQueryOptions = () => queryOptions({ queryKey: usersQueryKey, queryFn: ({ signal }) => getUsers(signal) });

export function useUsers() {
  const { isAuthenticated } = useSession();
  return useQuery({ ...usersQueryOptions(), enabled: isAuthenticated });
}
