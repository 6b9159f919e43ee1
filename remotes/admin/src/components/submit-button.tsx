import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@app/shared';

const StyledSubmit = styled(Button)`
  &[aria-disabled='true'] { opacity: 0.6; cursor: progress; }
`;

export interface SubmitButtonProps {
  busy: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/**
 * Busy is aria-disabled, not disabled: a focused button that becomes disabled drops focus to
 * the page body, where Escape no longer reaches the dialog and keyboard users lose their place.
 * The form's submit handler ignores submits while busy.
 */
export function SubmitButton({ busy, disabled, children }: SubmitButtonProps) {
  return (
    <StyledSubmit type="submit" aria-disabled={busy || undefined} disabled={disabled}>
      {children}
    </StyledSubmit>
  );
}
