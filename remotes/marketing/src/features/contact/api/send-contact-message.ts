import { useCallback, useState } from 'react';
import { apiRequest } from '@app/shared';
import type { ContactRequestInput, ContactResponse } from '@app/shared/forms';

/**
 * Public endpoint: stores the message as an unsolved customer message for staff. The server sends
 * its answer through the contract's schema, so it is typed here, not parsed again: sending loads no zod.
 */
export function sendContactMessage(message: ContactRequestInput): Promise<ContactResponse> {
  return apiRequest('/support/contact', { method: 'POST', body: message });
}

/**
 * Sends with a pending flag of its own: the message is cached nowhere and changes no list, so a
 * visitor's page does not load the query client for it.
 */
export function useSendContactMessage() {
  const [isPending, setPending] = useState(false);
  const send = useCallback(async (message: ContactRequestInput): Promise<ContactResponse> => {
    setPending(true);
    try {
      return await sendContactMessage(message);
    } finally {
      setPending(false);
    }
  }, []);
  return { send, isPending };
}
