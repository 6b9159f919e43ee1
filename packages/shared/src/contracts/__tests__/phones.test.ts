import { companyInputSchema } from '../prospects';
import { createTenantSchema, updateTenantSchema } from '../tenants';
import { phoneDial } from '../../format/phone-dial';
import { phoneLink, shownPhone } from '../../format/phone';
import { formatPhone, phoneKey, phoneSearchTerms, readPhones, toE164, withPhoneRule } from '../phones';

describe('toE164: a possible number for its country, or none', () => {
  it.each([
    ['(555) 101-1102', 'US', '+15551011102'],
    ['+1 555-101-1102', 'US', '+15551011102'],
    ['5551011102', 'US', '+15551011102'],
    [' +44 20 7946 0500 ', 'US', '+442079460500'],
    ['020 7946 0500', 'GB', '+442079460500'],
    ['+1 555 101 1102', 'GB', '+15551011102'],
  ])('%s in %s is %s', (text, country, e164) => {
    expect(toE164(text, country)).toBe(e164);
  });

  it.each([['call me maybe'], ['click"),+1 555 000 0002,,Nowhere'], ['123'], ['020 7946 0500'], [''], ['+'], ['1'.repeat(60)]])(
    '%s is not a US number',
    (text) => {
      expect(toE164(text, 'US')).toBeNull();
    },
  );
});

it('the duplicate key is the E.164 digits, so two writings of one number are one key', () => {
  expect(phoneKey('(555) 101-1102', 'US')).toBe('15551011102');
  expect(phoneKey('+1 555-101-1102', 'US')).toBe(phoneKey('(555) 101-1102', 'US'));
  expect(phoneKey('call me maybe', 'US')).toBe('');
});

it('shows a number in international format', () => {
  expect(formatPhone('+15551011102')).toBe('+1 555 101 1102');
  expect(formatPhone('+442079460500')).toBe('+44 20 7946 0500');
});

it('shows a phone formatted from its E.164, or as typed when it is no number', () => {
  expect(shownPhone('(555) 101-1102', '+15551011102')).toBe('+1 555 101 1102');
  expect(shownPhone('call me maybe', null)).toBe('call me maybe');
});

it('readPhones answers the E.164 and shown text of each phone sent and names the ones that are not numbers', () => {
  expect(readPhones({ phone1: '(555) 101-1102 ext. 5', phone2: null, phone3: 'nope' }, 'US')).toEqual({
    stored: {
      phone1_e164: '+15551011102',
      phone1_shown: '+1 555 101 1102 ext. 5',
      phone2_e164: null,
      phone2_shown: null,
      phone3_e164: null,
      phone3_shown: null,
    },
    invalid: ['phone3'],
  });
  expect(readPhones({ name: 'x' } as never, 'US')).toEqual({ stored: {}, invalid: [] });
});

it.each([
  ['(555) 101-1102 ext. 5', 'US'],
  ['020 7946 0500 x12', 'GB'],
  ['+49 30 901820', 'US'],
  ['030 901820', 'DE'],
  ['+81 3-1234-5678', 'US'],
])('the shown text of %s (%s) is what the screens showed when they formatted it themselves', (text, country) => {
  const { stored } = readPhones({ phone1: text }, country);
  expect(stored.phone1_shown).toBe(shownPhone(text, stored.phone1_e164 ?? null));
  expect(phoneDial(stored.phone1_shown!, stored.phone1_e164!)).toBe(phoneLink(text, stored.phone1_e164!).href);
});

it('forms refuse a phone that is not a number, beside its field', () => {
  const schema = withPhoneRule(companyInputSchema.pick({ name: true, phone1: true, phone2: true }), 'US');
  const result = schema.safeParse({ name: 'Acme', phone1: 'call me maybe', phone2: '+44 20 7946 0500' });
  expect(result.success).toBe(false);
  expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[['phone1'], 'phone1: must be a valid phone number']]);
  expect(schema.safeParse({ name: 'Acme', phone1: '(555) 101-1102', phone2: '' }).success).toBe(true);
});

it('a search that reads as a phone also looks for its digits', () => {
  expect(phoneSearchTerms('+1 (555) 101-1102')).toEqual(['15551011102']);
  expect(phoneSearchTerms('555 101 1102')).toEqual(['5551011102']);
  expect(phoneSearchTerms('020 7946 0500')).toEqual(['02079460500', '2079460500']);
  expect(phoneSearchTerms('5551011102')).toEqual([]);
  expect(phoneSearchTerms('acme')).toEqual([]);
});

it('a search for a number written with its trunk prefix in brackets after the country code also looks for it without, as the phone library reads it', () => {
  for (const q of ['+44 (0)20 7946 0003', '+44 (0) 20 7946 0099', '+44(0)2079460003']) expect(phoneSearchTerms(q)).toContain(toE164(q, 'US')!.slice(1));
  expect(phoneSearchTerms('+44 (0)20 7946 0003')).toEqual(['4402079460003', '442079460003']);
  // A part of a number too.
  expect(phoneSearchTerms('+44(0)20 7946')).toContain('44207946');
  // Italy's numbers keep their 0 after the country code.
  expect(phoneSearchTerms('+39 (0)6 1234 5678')).toContain(toE164('+39 (0)6 1234 5678', 'US')!.slice(1));
  expect(toE164('+39 (0)6 1234 5678', 'US')).toBe('+390612345678');
});

it('a tenant has a default country, US unless its admin chose another', () => {
  expect(createTenantSchema.parse({ name: 'A', domain: 'a.example.com' }).default_country).toBe('US');
  expect(createTenantSchema.parse({ name: 'A', domain: 'a.example.com', default_country: ' gb ' }).default_country).toBe('GB');
  expect(updateTenantSchema.safeParse({ default_country: 'XX' }).error?.issues[0]?.message).toBe(
    'default_country: must be a two-letter country code, such as US',
  );
  expect(updateTenantSchema.parse({}).default_country).toBeUndefined();
});
