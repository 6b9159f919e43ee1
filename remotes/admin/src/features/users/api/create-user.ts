import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { userSchema, type CreateUserInput, type User } from '@app/shared/forms';
import { usersQueryKey } from './get-users';

export function createUser(body: CreateUserInput): Promise<User> {
  return apiRequest('/auth/users', { method: 'POST', body, schema: userSchema });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
