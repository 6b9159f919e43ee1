import { useMutation } from '@tanstack/react-query';
import { apiRequest, messageResponseSchema, type PasswordResetConfirm } from '@app/shared';

export function confirmPasswordReset(body: PasswordResetConfirm) {
  return apiRequest('/auth/password-reset/confirm', { method: 'POST', body, schema: messageResponseSchema });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
