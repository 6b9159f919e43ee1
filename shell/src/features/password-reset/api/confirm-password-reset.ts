import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { MessageResponse, PasswordResetConfirm } from '@app/shared/forms';

// The server sends its answer through the message contract, so it is typed here, not parsed again:
// the page loads no zod, as signing in does.
export function confirmPasswordReset(body: PasswordResetConfirm): Promise<MessageResponse> {
  return apiRequest('/auth/password-reset/confirm', { method: 'POST', body });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
