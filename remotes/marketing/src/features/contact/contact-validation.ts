import { contactRequestSchema, type ContactRequest, validateWith } from '@app/shared/forms';
import { contactPayload, type ContactErrors, type ContactField, type ContactValues } from './contact-values';

// The honeypot is left to the server: a person never sees it, so there is no message to show them.
const visibleSchema = contactRequestSchema.omit({ website: true });

/** Checks the form with the shared contract: the first message of each field, or the payload to send. */
export function validateContact(values: ContactValues): { data?: ContactRequest; errors: ContactErrors } {
  const { data, errors } = validateWith<typeof visibleSchema, ContactField>(visibleSchema, contactPayload({ ...values, website: '' }));
  if (!data) return { errors };
  return { data: values.website ? { ...data, website: values.website } : data, errors: {} };
}
