/**
 * The tel: address (RFC 3966) of a phone from its stored shown text and its E.164, without the
 * phone metadata: the shown text holds the number's digits in order and then the extension's
 * ('+1 555 101 1102 ext. 5', '+44 20 7946 0500 x12'), so the digits after the E.164's are the
 * extension ('tel:+15551011102;ext=5').
 */
export function phoneDial(shown: string, e164: string): string {
  const digits = shown.replace(/\D/g, '');
  const own = e164.slice(1);
  const ext = digits.startsWith(own) ? digits.slice(own.length) : '';
  return ext ? `tel:${e164};ext=${ext}` : `tel:${e164}`;
}
