/**
 * Text no field may hold, checked by the API for every string of every request and by the forms
 * that share a contract: NUL (PostgreSQL cannot store it), an unpaired UTF-16 surrogate (it would be
 * saved as U+FFFD), and the bidirectional embedding, override and isolate controls (U+202A–U+202E,
 * U+2066–U+2069), which make a name or title read as something else ("\u202Eevil" shows as "live").
 * Plain right-to-left text (Hebrew, Arabic) needs none of them and passes.
 */
const DIRECTION_CONTROLS = '[\\u202A-\\u202E\\u2066-\\u2069]';
const UNSAFE_TEXT_SOURCE = `\\u0000|${DIRECTION_CONTROLS}|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]`;
const UNSAFE_TEXT = new RegExp(UNSAFE_TEXT_SOURCE);

export const UNSAFE_TEXT_MESSAGE = 'must not contain NUL characters, unpaired UTF-16 surrogates or bidirectional control characters';

export function isUnsafeText(value: string): boolean {
  return UNSAFE_TEXT.test(value);
}

/** The text without what is refused: for keeping what was refused, never for saving it as given. */
export function stripUnsafeText(value: string): string {
  return value.replace(new RegExp(UNSAFE_TEXT_SOURCE, 'g'), '');
}

export const unsafeTextDetail = (field: string) => `${field}: ${UNSAFE_TEXT_MESSAGE}`;

/** For a contract's refinement, so a form says what the API would: blank text is left to the field's other rules. */
export const isSafeText = (value: string | null | undefined) => !value || !isUnsafeText(value);

/** The text without its direction controls: for text taken in from outside (a received mail's subject or names), which is kept rather than refused. */
export function stripDirectionControls(value: string): string {
  return value.replace(new RegExp(DIRECTION_CONTROLS, 'g'), '');
}
