import { ApiError } from '@app/shared';
import type { ContactRequestInput, ContactService } from '@app/shared/forms';

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

/** What the form sends: the fields as typed, optional ones left blank not at all, and the honeypot when filled. */
export function contactPayload(values: ContactValues): ContactRequestInput {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    message: values.message,
    ...(values.company.trim() ? { company: values.company } : {}),
    ...(values.service ? { service: values.service as ContactService } : {}),
    ...(values.website ? { website: values.website } : {}),
  };
}

export const CONTACT_TOAST_MS = 4000;
export const CONTACT_SUCCESS_TEXT = 'Thank you for your message! We will get back to you soon.';
export const CONTACT_FAILURE_TEXT = 'Something went wrong. Please try again.';
export const CONTACT_NETWORK_TEXT = 'Network error. Please try again.';

export function firstInvalidField(errors: ContactErrors): ContactField | undefined {
  return contactFields.find((field) => errors[field]);
}

/** The server's detail when it sent one, otherwise the default for the kind of failure. */
export function contactFailureText(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? CONTACT_FAILURE_TEXT;
  // fetch (and a module that could not be fetched) rejects with a TypeError when no answer came.
  if (error instanceof TypeError) return CONTACT_NETWORK_TEXT;
  return CONTACT_FAILURE_TEXT;
}
