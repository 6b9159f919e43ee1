import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { MutedText } from '@app/shared';
import { phoneDial } from '@app/shared/format/phone-dial';
import { PhoneText } from './phone-text';

/**
 * A phone wraps where a card cuts other values to one line: the extension ('ext. 1234') is part of
 * the number to dial, so it goes to the next line rather than behind an ellipsis.
 */
const StyledPhone = styled.span`
  white-space: normal;
`;

// The phone metadata (about 30 KiB) loads only for a phone the server sent without its shown text.
const FormattedPhone = lazy(() => import('./formatted-phone'));

interface PhoneNumberProps {
  text: string | null;
  e164: string | null;
  /** The phone as the server wrote it for screens; absent where the answer carries none. */
  shown?: string | null;
}

/**
 * A phone as people read and dial it: in international format, dialled (tel:) from its E.164,
 * with the extension typed after it ('ext. 5', dialled as ';ext=5').
 * A text that is not a phone number (kept from before phones were checked) is shown as typed,
 * marked, and not offered for dialling.
 */
export function PhoneNumber({ text, e164, shown }: PhoneNumberProps) {
  if (e164 && shown) {
    return (
      <StyledPhone as="a" href={phoneDial(shown, e164)}>
        <PhoneText shown={shown} />
      </StyledPhone>
    );
  }
  if (e164) {
    return (
      <StyledPhone>
        <Suspense fallback={<a href={`tel:${e164}`}>{e164}</a>}>
          <FormattedPhone text={text} e164={e164} />
        </Suspense>
      </StyledPhone>
    );
  }
  if (!text) return null;
  return (
    <StyledPhone>
      {text} <MutedText as="span">(invalid phone)</MutedText>
    </StyledPhone>
  );
}
