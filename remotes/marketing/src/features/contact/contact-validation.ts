import { ApiError } from '@app/shared';
import { contactRequestSchema, type ContactRequest, type ContactRequestInput, type ContactService, validateWith } from '@app/shared/forms';

export const contactFields = ['firstName', 'lastName', 'email', 'company', 'service', 'message'] as const;
export type ContactField = (typeof contactFields)[number];

/** Raw form state: every control holds a string; `website` is the honeypot. */
export type ContactValues = Record<ContactField | 'website', string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const emptyContactValues: ContactValues = {
  firstName: '',
  lastName: '',
  email: '',
  company: '',
  service: '',
  message: '',
  website: '',
};

export const CONTACT_TOAST_MS = 4000;
export const CONTACT_SUCCESS_TEXT = 'Thank you for your message! We will get back to you soon.';
export const CONTACT_FAILURE_TEXT = 'Something went wrong. Please try again.';
export const CONTACT_NETWORK_TEXT = 'Network error. Please try again.';

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

export function firstInvalidField(errors: ContactErrors): ContactField | undefined {
  return contactFields.find((field) => errors[field]);
}

/** The server's detail when it sent one, otherwise the default for the kind of failure. */
export function contactFailureText(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? CONTACT_FAILURE_TEXT;
  // fetch rejects with a TypeError when the request never got an answer.
  if (error instanceof TypeError) return CONTACT_NETWORK_TEXT;
  return CONTACT_FAILURE_TEXT;
}
