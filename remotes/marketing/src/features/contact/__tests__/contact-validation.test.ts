import { ApiError } from '@app/shared';
import { validateContact } from '../contact-validation';
import { CONTACT_FAILURE_TEXT, CONTACT_NETWORK_TEXT, contactFailureText, emptyContactValues, firstInvalidField } from '../contact-values';

const filled = {
  ...emptyContactValues,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  message: 'Hello',
};

describe('validateContact', () => {
  it('gives the first message of each invalid field, in form order', () => {
    const { data, errors } = validateContact({ ...emptyContactValues, email: 'nope' });
    expect(data).toBeUndefined();
    expect(errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Must be a valid email address.',
      message: 'Message is required',
    });
    expect(firstInvalidField(errors)).toBe('firstName');
  });

  it('omits blank optional fields from the payload', () => {
    expect(validateContact(filled)).toEqual({ data: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', message: 'Hello' }, errors: {} });
  });

  it('keeps a chosen service and company', () => {
    const { data } = validateContact({ ...filled, company: ' Acme ', service: 'web' });
    expect(data).toMatchObject({ company: 'Acme', service: 'web' });
  });

  it('refuses a name holding a right-to-left override, with the message the API gives, and takes plain Hebrew and Arabic', () => {
    const refused = validateContact({ ...filled, firstName: '\u202Eevil', lastName: 'B' });
    expect(refused.data).toBeUndefined();
    expect(refused.errors).toEqual({ firstName: 'First name must not contain NUL characters, unpaired UTF-16 surrogates or bidirectional control characters' });
    expect(validateContact({ ...filled, firstName: 'שלום', lastName: 'مرحبا' }).errors).toEqual({});
  });

  it('passes a filled honeypot on to the server instead of showing a message', () => {
    const { data, errors } = validateContact({ ...filled, website: 'spam' });
    expect(errors).toEqual({});
    expect(data).toMatchObject({ website: 'spam' });
  });
});

describe('contactFailureText', () => {
  it('shows the server detail when there is one', () => {
    expect(contactFailureText(new ApiError(429, 'Too many messages. Try again later.'))).toBe('Too many messages. Try again later.');
  });

  it('falls back to the generic text for an answer without detail', () => {
    expect(contactFailureText(new ApiError(500, undefined))).toBe(CONTACT_FAILURE_TEXT);
    expect(contactFailureText(new Error('schema mismatch'))).toBe(CONTACT_FAILURE_TEXT);
  });

  it('names a network failure', () => {
    expect(contactFailureText(new TypeError('Failed to fetch'))).toBe(CONTACT_NETWORK_TEXT);
  });
});
