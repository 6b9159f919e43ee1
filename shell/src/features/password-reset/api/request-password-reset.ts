import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { messageResponseSchema, type PasswordResetRequest } from '@app/shared/forms';

export function requestPasswordReset(body: PasswordResetRequest) {
  return apiRequest('/auth/password-reset', { method: 'POST', body, schema: messageResponseSchema });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
