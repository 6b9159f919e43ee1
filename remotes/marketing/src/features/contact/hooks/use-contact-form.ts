import { useRef, useState } from 'react';
import { loadOnce, toast } from '@app/shared';
import type { ContactRequestInput } from '@app/shared/forms';
import { useSendContactMessage } from '../api/send-contact-message';
import {
  CONTACT_SUCCESS_TEXT,
  CONTACT_TOAST_MS,
  contactFailureText,
  contactPayload,
  emptyContactValues,
  firstInvalidField,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from '../contact-values';

type ContactValidation = typeof import('../contact-validation');

/**
 * The form's rules are the shared contract's (zod), fetched when the visitor starts on the form
 * (its first focus or keystroke) rather than with the page. If they cannot be fetched, the server's check of the same contract answers instead.
 */
export const loadContactValidation = loadOnce(() => import('../contact-validation'));

const failed = (error: unknown) => toast({ title: 'Error', description: contactFailureText(error), variant: 'destructive', duration: CONTACT_TOAST_MS });

export function useContactForm() {
  const [values, setValues] = useState<ContactValues>(emptyContactValues);
  const [errors, setErrors] = useState<ContactErrors>({});
  const { send, isPending } = useSendContactMessage();
  // isPending only updates on the next render; the ref also stops a second submit within the same frame.
  const inFlight = useRef(false);
  const rules = useRef<ContactValidation | null>(null);

  /** Starts fetching the rules; a field can show a message only once they are here. */
  const prepare = () => {
    if (rules.current) return;
    loadContactValidation().then(
      (loaded) => (rules.current = loaded),
      () => undefined,
    );
  };

  const change = (field: keyof ContactValues, value: string) => {
    prepare();
    const next = { ...values, [field]: value };
    setValues(next);
    // A field is re-checked only once it shows a message, so typing is not interrupted by new ones.
    if (field !== 'website' && errors[field] && rules.current) {
      setErrors((current) => ({ ...current, [field]: rules.current!.validateContact(next).errors[field] }));
    }
  };

  /** Sends the form, or resolves to the first invalid field so the caller can move focus to it. */
  const submit = async (): Promise<ContactField | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    try {
      // Without its rules (their code could not be fetched, and the browser keeps that failure until a
      // reload) the form goes as typed: the server checks it by the same contract and says what is wrong.
      const loaded = rules.current ?? (await loadContactValidation().catch(() => null));
      rules.current = loaded;
      let payload: ContactRequestInput = contactPayload(values);
      if (loaded) {
        const { data, errors: found } = loaded.validateContact(values);
        setErrors(found);
        if (!data) return firstInvalidField(found);
        payload = data;
      }
      try {
        const response = await send(payload);
        toast({ title: 'Success', description: response.message || CONTACT_SUCCESS_TEXT, variant: 'success', duration: CONTACT_TOAST_MS });
        setValues(emptyContactValues);
      } catch (error) {
        failed(error);
      }
      return undefined;
    } finally {
      inFlight.current = false;
    }
  };

  return { values, errors, change, prepare, submit, isSending: isPending };
}
