import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { MessageResponse, PasswordResetRequest } from '@app/shared/forms';

// The server sends its answer through the message contract, so it is typed here, not parsed again:
// the page loads no zod, as signing in does.
export function requestPasswordReset(body: PasswordResetRequest): Promise<MessageResponse> {
  return apiRequest('/auth/password-reset', { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
