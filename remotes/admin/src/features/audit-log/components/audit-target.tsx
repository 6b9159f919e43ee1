import { useId } from 'react';
import styled from 'styled-components';
import type { AuditEvent } from '@app/shared/forms';
import { targetName } from '../utils/audit-display';
import { BreakableText } from './breakable-text';

const StyledWrap = styled.span`
  position: relative;
`;

const StyledTarget = styled.span`
  border-bottom: 1px dotted ${({ theme }) => theme.colors.textMuted};
  cursor: help;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const StyledKind = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

// Above the name, so it stays inside the table's scrolling box on the last row too. Not laid out
// until shown (display, not visibility): a hidden tip would still widen its cell on a phone.
const StyledTip = styled.span`
  position: absolute;
  left: 0;
  bottom: calc(100% + ${({ theme }) => theme.space(1)});
  z-index: 1;
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.bg};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 0.75rem;
  /* An id is one long word: it breaks rather than reach past a phone's edge. */
  width: max-content;
  max-width: min(22rem, calc(100vw - 2rem));
  overflow-wrap: anywhere;
  display: none;
  ${StyledTarget}:hover + &,
  ${StyledTarget}:focus + & {
    display: block;
  }
`;

/**
 * The target by its kind and name (a tenant's name, a user's email, a quotation's number), with its
 * id in a tooltip on hover and on keyboard focus; a target known by no name shows its id.
 */
export function AuditTarget({ event }: { event: AuditEvent }) {
  const tipId = useId();
  const { kind, name } = targetName(event);
  if (!name)
    return (
      <>
        <StyledKind>{kind}</StyledKind> {event.target_id}
      </>
    );
  return (
    <>
      <StyledKind>{kind}</StyledKind>{' '}
      <StyledWrap>
        <StyledTarget tabIndex={0} aria-describedby={tipId}>
          <BreakableText text={name} />
        </StyledTarget>
        <StyledTip role="tooltip" id={tipId}>
          Id: {event.target_id}
        </StyledTip>
      </StyledWrap>
    </>
  );
}
