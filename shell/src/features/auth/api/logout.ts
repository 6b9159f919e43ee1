import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest, clearSession, toast } from '@app/shared';

export function logout(): Promise<unknown> {
  return apiRequest('/auth/logout', { method: 'POST' });
}

/** Ends the session here after `end` (a logout call), whatever the server answers, and says so. */
export function useEndSession(end: () => Promise<unknown>, description: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    // The session ends locally even when the server cannot be reached.
    mutationFn: () => end().catch(() => undefined),
    onSettled: () => {
      navigate('/', { replace: true });
      clearSession();
      queryClient.clear();
      toast({ title: 'Logged Out', description, duration: 4000 });
    },
  });
}

export function useLogout() {
  return useEndSession(logout, 'You have been successfully logged out.');
}
