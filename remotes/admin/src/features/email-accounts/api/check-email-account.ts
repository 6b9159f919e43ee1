import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { CheckEmailAccountInput, ConnectionCheck } from '@app/shared/forms';

/** Tries the form's servers with its password (or the stored one of `account_id`), saving nothing. */
export function checkEmailAccount(body: CheckEmailAccountInput): Promise<ConnectionCheck> {
  return apiRequest('/email/accounts/check', { method: 'POST', body });
}

export function useCheckEmailAccount() {
  return useMutation({ mutationFn: checkEmailAccount });
}
