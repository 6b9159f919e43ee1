import { contactRequestSchema, type ContactRequest, type ContactRequestInput, type ContactService, validateWith } from '@app/shared/forms';
import type { ContactErrors, ContactField, ContactValues } from './contact-values';

// The honeypot is left to the server: a person never sees it, so there is no message to show them.
const visibleSchema = contactRequestSchema.omit({ website: true });

function toInput(values: ContactValues): Omit<ContactRequestInput, 'website'> {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    message: values.message,
    // Optional fields left blank are not sent at all.
    ...(values.company.trim() ? { company: values.company } : {}),
    ...(values.service ? { service: values.service as ContactService } : {}),
  };
}

/** Checks the form with the shared contract: the first message of each field, or the payload to send. */
export function validateContact(values: ContactValues): { data?: ContactRequest; errors: ContactErrors } {
  const { data, errors } = validateWith<typeof visibleSchema, ContactField>(visibleSchema, toInput(values));
  if (!data) return { errors };
  return { data: values.website ? { ...data, website: values.website } : data, errors: {} };
}
