import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { ChangePassword, MessageResponse } from '@app/shared/forms';

export function changePassword(body: ChangePassword): Promise<MessageResponse> {
  return apiRequest('/auth/change-password', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
