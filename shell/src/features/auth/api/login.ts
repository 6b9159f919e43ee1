import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, hasStaffAccess, setSession } from '@app/shared';
import { tenantsQueryOptions } from '@app/shared/tenants';
import type { LoginRequest, LoginResponse } from '@app/shared/forms';

// The server sends the answer through the login contract's schema, so it is typed here, not parsed again:
// signing in loads no zod.
export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiRequest('/auth/login', { method: 'POST', body });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      setSession(answer.access_token, answer.user);
      // Every staff page starts from the tenant list: asked for now, it arrives while the page's code loads.
      // An account without staff access would only be refused it.
      if (hasStaffAccess(answer.user)) void queryClient.prefetchQuery(tenantsQueryOptions());
    },
  });
}
