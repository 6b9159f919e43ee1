import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * How a number is shown: international format from its E.164 ('+15551011102' → '+1 555 101 1102').
 * On its own entry point, without zod: lists that only show phones need no contract.
 */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** A phone as a list shows it: formatted from its E.164, or as typed when its text is not a number. */
export function shownPhone(text: string, e164: string | null): string {
  return e164 ? formatPhone(e164) : text;
}
