import { z } from 'zod';
import { fieldErrors, fieldMessage, hasErrors, refusedFieldErrors, validateWith } from '../form-errors';

describe('fieldMessage', () => {
  it('drops the field name an API message starts with and reads as a sentence', () => {
    expect(fieldMessage('email', 'email: must be a valid email address')).toBe('Must be a valid email address.');
  });

  it('keeps messages written for people as they are', () => {
    expect(fieldMessage('name', 'Company name is required')).toBe('Company name is required');
    expect(fieldMessage('name', 'Tenant name is required. Please enter a name for the tenant.')).toBe(
      'Tenant name is required. Please enter a name for the tenant.',
    );
  });
});

describe('validateWith', () => {
  const schema = z.object({
    name: z.string().trim().min(1, 'Name is required.').max(5, 'name: must be at most 5 characters'),
    age: z.number().int('age: must be a whole number'),
  });

  it('answers the parsed payload when the input passes', () => {
    expect(validateWith(schema, { name: '  Ann ', age: 3 })).toEqual({ data: { name: 'Ann', age: 3 }, errors: {} });
  });

  it('answers the first message of each failing field', () => {
    const result = validateWith(schema, { name: 'Annabelle', age: 1.5 });
    expect(result.data).toBeUndefined();
    expect(result.errors).toEqual({ name: 'Must be at most 5 characters.', age: 'Must be a whole number.' });
    expect(hasErrors(result.errors)).toBe(true);
  });

  it('keeps only the first issue of a field', () => {
    const strict = z.object({ code: z.string().min(3, 'Too short.').regex(/^\d+$/, 'Digits only.') });
    const parsed = strict.safeParse({ code: 'a' });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(fieldErrors(parsed.error)).toEqual({ code: 'Too short.' });
  });
});

describe('refusedFieldErrors', () => {
  it("puts a server's refusal beside the field it names", () => {
    expect(refusedFieldErrors('value: must have at most 2 decimals', ['value', 'probability'])).toEqual({ value: 'Must have at most 2 decimals.' });
  });

  it('is nothing for a detail that names no field of the form', () => {
    expect(refusedFieldErrors('Lead not found.', ['value'])).toBeUndefined();
    expect(refusedFieldErrors(undefined, ['value'])).toBeUndefined();
  });
});
