import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest, clearSession, toast } from '@app/shared';

export function logout(): Promise<unknown> {
  return apiRequest('/auth/logout', { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    // The session ends locally even when the server cannot be reached.
    mutationFn: () => logout().catch(() => undefined),
    onSettled: () => {
      navigate('/', { replace: true });
      clearSession();
      queryClient.clear();
      toast({ title: 'Logged Out', description: 'You have been successfully logged out.', duration: 4000 });
    },
  });
}
