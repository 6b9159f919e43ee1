import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { type User } from '@app/shared/forms';
import { usersQueryKey } from './get-users';

export function deleteUser(userId: string): Promise<unknown> {
  return apiRequest(`/auth/users/${userId}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    // The card leaves at once (with the menu button that had focus); the refetch confirms it.
    onSuccess: (_answer, userId) => queryClient.setQueryData<User[]>(usersQueryKey, (users) => users?.filter((user) => user.id !== userId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
