import styled from 'styled-components';

/** The extension ('ext. 1234', 'x12') is kept on one line, so a wrapped phone breaks before it, not inside it. */
const StyledExtension = styled.span`
  white-space: nowrap;
`;

/** The number, then what was typed after it, in the shown text: '+1 415 555 0101' and 'ext. 1234'. */
const NUMBER_THEN_EXTENSION = /^(\+[\d\s]*\d)\s+([^\d\s].*)$/;

/** A phone's shown text, wrapping between the number and its extension when the line is too short for both. */
export function PhoneText({ shown }: { shown: string }) {
  const parts = NUMBER_THEN_EXTENSION.exec(shown);
  if (!parts) return <>{shown}</>;
  return (
    <>
      {parts[1]} <StyledExtension>{parts[2]}</StyledExtension>
    </>
  );
}
