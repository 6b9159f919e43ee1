import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * How a number is shown: international format from its E.164 ('+15551011102' → '+1 555 101 1102').
 * On its own entry point, without zod: lists that only show phones need no contract.
 */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
