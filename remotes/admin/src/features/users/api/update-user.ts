import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { userSchema, type UpdateUserInput, type User } from '@app/shared/forms';
import { usersQueryKey } from './get-users';

export function updateUser(userId: string, body: UpdateUserInput): Promise<User> {
  return apiRequest(`/auth/users/${userId}`, { method: 'PUT', body, schema: userSchema });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUserInput }) => updateUser(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
