import { MutedText } from '@app/shared';
import { phoneLink } from '@app/shared/format/phone';

/**
 * A phone as people read and dial it: in international format, dialled (tel:) from its E.164,
 * with the extension typed after it ('ext. 5', dialled as ';ext=5').
 * A text that is not a phone number (kept from before phones were checked) is shown as typed,
 * marked, and not offered for dialling.
 */
export function PhoneNumber({ text, e164 }: { text: string | null; e164: string | null }) {
  if (e164) {
    const { shown, href } = phoneLink(text, e164);
    return <a href={href}>{shown}</a>;
  }
  if (!text) return null;
  return (
    <span>
      {text} <MutedText as="span">(invalid phone)</MutedText>
    </span>
  );
}
