import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { contactResponseSchema, type ContactRequest, type ContactResponse } from '@app/shared/forms';

/** Public endpoint: stores the message as an unsolved customer message for staff. */
export function sendContactMessage(message: ContactRequest): Promise<ContactResponse> {
  return apiRequest('/support/contact', { method: 'POST', body: message, schema: contactResponseSchema });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
