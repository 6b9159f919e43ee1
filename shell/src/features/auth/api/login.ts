import { useMutation } from '@tanstack/react-query';
import { apiRequest, setSession } from '@app/shared';
import { loginResponseSchema, type LoginRequest, type LoginResponse } from '@app/shared/forms';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiRequest('/auth/login', { method: 'POST', body, schema: loginResponseSchema });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => setSession(answer.access_token, answer.user),
  });
}
