import { CONTACT_LIMITS, contactRequestSchema, contactResponseSchema } from '@app/shared/forms';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  service: 'payofina',
  message: 'We need payroll for 25 people.',
};

function messagesFor(input: unknown): Record<string, string> {
  const result = contactRequestSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('contactRequestSchema', () => {
  it('accepts a complete message and trims every field', () => {
    const result = contactRequestSchema.parse({ ...valid, firstName: '  Ada ', email: ' ada@example.com ', message: ' Hi ' });
    expect(result).toEqual({ ...valid, message: 'Hi' });
  });

  it('accepts a message without the optional company and service', () => {
    const { company: _company, service: _service, ...required } = valid;
    expect(contactRequestSchema.safeParse(required).success).toBe(true);
  });

  it('requires first name, last name, email and message, blank or missing', () => {
    expect(messagesFor({ firstName: '  ', lastName: '', email: ' ', message: '\n' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
    expect(messagesFor({})).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
  });

  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada example@x.com'])('rejects the email %p', (email) => {
    expect(messagesFor({ ...valid, email })).toEqual({ email: 'email: must be a valid email address' });
  });

  it.each(['payofina', 'web', 'mobile', 'integration', 'consulting'])('accepts the service %p', (service) => {
    expect(contactRequestSchema.safeParse({ ...valid, service }).success).toBe(true);
  });

  it('rejects a service outside the list', () => {
    expect(messagesFor({ ...valid, service: 'marketing' })).toEqual({ service: 'Please choose a service from the list' });
  });

  it.each(Object.entries(CONTACT_LIMITS))('limits %s to %i characters', (field, max) => {
    const at = field === 'email' ? `${'a'.repeat(max - 12)}@example.com` : 'a'.repeat(max);
    const over = field === 'email' ? `${'a'.repeat(max - 11)}@example.com` : 'a'.repeat(max + 1);
    expect(contactRequestSchema.safeParse({ ...valid, [field]: at }).success).toBe(true);
    expect(messagesFor({ ...valid, [field]: over })[field]).toMatch(`at most ${max} characters`);
  });

  it('turns away a filled honeypot and allows it empty or absent', () => {
    expect(messagesFor({ ...valid, website: 'http://spam.example' })).toHaveProperty('website');
    expect(contactRequestSchema.safeParse({ ...valid, website: '' }).success).toBe(true);
    expect(contactRequestSchema.safeParse(valid).success).toBe(true);
  });

  it('drops unknown fields', () => {
    expect(contactRequestSchema.parse({ ...valid, admin: true })).not.toHaveProperty('admin');
  });
});

describe('contactResponseSchema', () => {
  it('reads the server message', () => {
    expect(contactResponseSchema.parse({ message: 'Thanks!' })).toEqual({ message: 'Thanks!' });
    expect(contactResponseSchema.safeParse({}).success).toBe(false);
  });
});
