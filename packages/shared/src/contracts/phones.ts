import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { DEFAULT_COUNTRY } from './constants';
import { formatPhone } from '../format/phone';

export { DEFAULT_COUNTRY, formatPhone };

/*
 * Phones are read by libphonenumber-js with its "min" metadata: the rule here is "a possible
 * number for its country" (the lengths each country allows), which "min" holds in full, and it
 * formats numbers internationally. "max" adds per-type patterns (mobile, fixed line…) we do not
 * check, at about twice the size, in a module every staff page loads.
 */

export const COUNTRY_INVALID = 'default_country: must be a two-letter country code, such as US';

/** A tenant's default country: an ISO 3166 alpha-2 code the phone metadata knows. */
export const countryCodeSchema = z
  .string({ error: COUNTRY_INVALID })
  .trim()
  .toUpperCase()
  .refine((code): boolean => isSupportedCountry(code), COUNTRY_INVALID);

/** The phones of a company record; each is stored as typed and, beside it, as E.164. */
export const PHONE_FIELDS = ['phone1', 'phone2', 'phone3'] as const;
export type PhoneField = (typeof PHONE_FIELDS)[number];
export type PhoneE164Field = `${PhoneField}_e164`;
/** The E.164 columns and answer fields, beside the phones'. */
export const PHONE_E164_FIELDS = PHONE_FIELDS.map((field) => `${field}_e164` as const);
export type PhoneShownField = `${PhoneField}_shown`;
/**
 * Each phone as screens show it (international format, with the extension as typed), written
 * with the record, so a list shows phones without loading the phone metadata; null where the
 * text is not a number.
 */
export const PHONE_SHOWN_FIELDS = PHONE_FIELDS.map((field) => `${field}_shown` as const);
export type PhoneStoredField = PhoneE164Field | PhoneShownField;
/** What a record keeps beside each phone's text, all read from it by readPhones. */
export const PHONE_STORED_FIELDS = [...PHONE_E164_FIELDS, ...PHONE_SHOWN_FIELDS];

export const phoneInvalidDetail = (field: string) => `${field}: must be a valid phone number`;

/**
 * The E.164 form of a phone as a person wrote it ('(555) 101-1102' in the US → '+15551011102'),
 * read in `country` unless it starts with +; none when the text is not a possible number there.
 * The whole text must be the number: a phone inside other words is not taken.
 */
export function toE164(text: string | null | undefined, country: string): string | null {
  return readNumber(text, country)?.number ?? null;
}

function readNumber(text: string | null | undefined, country: string): PhoneNumber | undefined {
  const written = (text ?? '').trim();
  if (!written || written.length > 50) return undefined;
  const defaultCountry = isSupportedCountry(country) ? (country as CountryCode) : DEFAULT_COUNTRY;
  const parsed = parsePhoneNumberFromString(written, { defaultCountry, extract: false });
  return parsed?.isPossible() ? parsed : undefined;
}

/** The duplicate key of a phone: its E.164 digits (no +), or '' when it does not parse. */
export function phoneKey(text: string | null | undefined, country: string): string {
  return toE164(text, country)?.slice(1) ?? '';
}

/**
 * Each phone that was given with what is stored beside it (its E.164 and its shown text), and
 * the fields whose text is not a phone number.
 */
export function readPhones(
  input: Partial<Record<PhoneField, string | null | undefined>>,
  country: string,
): { stored: Partial<Record<PhoneStoredField, string | null>>; invalid: PhoneField[] } {
  const stored: Partial<Record<PhoneStoredField, string | null>> = {};
  const invalid: PhoneField[] = [];
  for (const field of PHONE_FIELDS) {
    const text = input[field];
    if (text === undefined) continue;
    const number = text ? readNumber(text, country) : undefined;
    if (text && !number) invalid.push(field);
    stored[`${field}_e164`] = number?.number ?? null;
    // The extension typed stays in the shown text ('(555) 101-1102 ext. 5' → '+1 555 101 1102 ext. 5').
    stored[`${field}_shown`] = number?.formatInternational() ?? null;
  }
  return { stored, invalid };
}

/** A company schema that also refuses, per field, a phone that is not a number of `country`: forms and the server alike. */
export function withPhoneRule<Schema extends z.ZodType<Partial<Record<PhoneField, string | null | undefined>>>>(schema: Schema, country: string) {
  return schema.superRefine((value, context) => {
    for (const field of readPhones(value, country).invalid) context.addIssue({ code: 'custom', path: [field], message: phoneInvalidDetail(field) });
  });
}

/** A country code followed by the trunk prefix written in brackets: '+44 (0)20 7946 0500'. */
const TRUNK_AFTER_COUNTRY_CODE = /^(\s*\+\s*\d{1,3}\s*)\(\s*0\s*\)/;

/**
 * What a search for `q` also looks for when q reads as a phone number (digits with spaces, +,
 * brackets, dots, dashes or slashes): its digits, and its digits without a leading trunk 0. Each
 * is a part of the E.164 digits of a number written any way ('555 101 1102', '+1 (555) 101-1102'
 * and '15551011102' all find +15551011102; '020 7946 0500' finds +442079460500).
 * A "(0)" after the country code is the trunk prefix dialled only at home, so '+44 (0)20 7946 0500'
 * also looks for its digits without it (as the phone library reads that number). Its digits with
 * the 0 stay a term: Italy's numbers keep their 0 after the country code ('+39 (0)6 …' is +3906…).
 * The "(0)" is dropped as text, not by the phone library: that reads only a whole number, and
 * keeps the 0 of a part of one ('+44 (0)20 7946' would not find +442079460500).
 */
export function phoneSearchTerms(q: string): string[] {
  if (!/^[\d\s+().\-/]+$/.test(q)) return [];
  const digits = q.replace(/\D/g, '');
  const national = digits.replace(/^0+/, '');
  const international = q.replace(TRUNK_AFTER_COUNTRY_CODE, '$1').replace(/\D/g, '');
  return [...new Set([digits, national, international])].filter((term) => term.length >= 3 && term !== q);
}
