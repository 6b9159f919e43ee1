import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { userSchema, type SetUserGroups, type User } from '@app/shared/forms';
import { usersQueryKey } from './get-users';

/** Replaces the user's groups with exactly these; the server keeps is_admin and is_staff in step. */
export function setUserGroups(userId: string, groupIds: SetUserGroups): Promise<User> {
  return apiRequest(`/auth/users/${userId}/groups`, { method: 'PUT', body: groupIds, schema: userSchema });
}

export function useSetUserGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, groupIds }: { userId: string; groupIds: SetUserGroups }) => setUserGroups(userId, groupIds),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
