import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { messageResponseSchema, type PasswordResetConfirm } from '@app/shared/forms';

export function confirmPasswordReset(body: PasswordResetConfirm) {
  return apiRequest('/auth/password-reset/confirm', { method: 'POST', body, schema: messageResponseSchema });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
