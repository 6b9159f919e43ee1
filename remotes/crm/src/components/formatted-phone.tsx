import { phoneLink } from '@app/shared/format/phone';
import { PhoneText } from './phone-text';

/** A phone formatted here from its E.164, with the extension typed: for answers that carry no shown text. */
export default function FormattedPhone({ text, e164 }: { text: string | null; e164: string }) {
  const { shown, href } = phoneLink(text, e164);
  return (
    <a href={href}>
      <PhoneText shown={shown} />
    </a>
  );
}
