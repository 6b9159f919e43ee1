import { useRef, useState } from 'react';
import { toast } from '@app/shared';
import { useSendContactMessage } from '../api/send-contact-message';
import {
  CONTACT_SUCCESS_TEXT,
  CONTACT_TOAST_MS,
  contactFailureText,
  emptyContactValues,
  firstInvalidField,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from '../contact-validation';

export function useContactForm() {
  const [values, setValues] = useState<ContactValues>(emptyContactValues);
  const [errors, setErrors] = useState<ContactErrors>({});
  const mutation = useSendContactMessage();
  // isPending only updates on the next render; the ref also stops a second submit within the same frame.
  const inFlight = useRef(false);

  const change = (field: keyof ContactValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // A field is re-checked only once it shows a message, so typing is not interrupted by new ones.
    if (field !== 'website' && errors[field]) {
      setErrors((current) => ({ ...current, [field]: validateContact(next).errors[field] }));
    }
  };

  /** Sends the form, or returns the first invalid field so the caller can move focus to it. */
  const submit = (): ContactField | undefined => {
    if (inFlight.current) return undefined;
    const { data, errors: found } = validateContact(values);
    setErrors(found);
    if (!data) return firstInvalidField(found);

    inFlight.current = true;
    mutation.mutate(data, {
      onSuccess: (response) => {
        toast({
          title: 'Success',
          description: response.message || CONTACT_SUCCESS_TEXT,
          variant: 'success',
          duration: CONTACT_TOAST_MS,
        });
        setValues(emptyContactValues);
      },
      onError: (error) => {
        toast({ title: 'Error', description: contactFailureText(error), variant: 'destructive', duration: CONTACT_TOAST_MS });
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
    return undefined;
  };

  return { values, errors, change, submit, isSending: mutation.isPending };
}
