import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * How a number is shown: international format from its E.164 ('+15551011102' → '+1 555 101 1102').
 * On its own entry point, without zod: lists that only show phones need no contract.
 */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/**
 * A phone to show and dial: E.164 keeps no extension, so the extension comes from the text as
 * typed ('(555) 101-1102 ext. 5'), read in the number's own calling code. Shown with it
 * ('+1 555 101 1102 ext. 5') and dialled with it (RFC 3966: 'tel:+15551011102;ext=5').
 */
export function phoneLink(text: string | null | undefined, e164: string): { shown: string; href: string } {
  const number = parsePhoneNumberFromString(e164);
  if (!number) return { shown: e164, href: `tel:${e164}` };
  const typed = text ? parsePhoneNumberFromString(text, { defaultCallingCode: number.countryCallingCode, extract: false }) : undefined;
  if (typed?.ext && typed.number === number.number) number.setExt(typed.ext);
  return { shown: number.formatInternational(), href: number.getURI() };
}

/** A phone as a list shows it: formatted from its E.164 (with its extension), or as typed when its text is not a number. */
export function shownPhone(text: string, e164: string | null): string {
  return e164 ? phoneLink(text, e164).shown : text;
}
