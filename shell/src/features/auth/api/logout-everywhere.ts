import { apiRequest } from '@app/shared';
import { useEndSession } from './logout';

export function logoutEverywhere(): Promise<unknown> {
  return apiRequest('/auth/logout-all', { method: 'POST' });
}

export function useLogoutEverywhere() {
  return useEndSession(logoutEverywhere, 'You have been signed out on every device.');
}
