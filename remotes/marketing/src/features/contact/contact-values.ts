import { ApiError } from '@app/shared';

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
