import styled from 'styled-components';
import { Button, wrapAnywhere } from '@app/shared';
import { type StatusOption } from '@app/shared/forms';

// A status is named by its tenant, possibly with one long word: its button wraps instead of widening the page.
const StyledKeys = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  button {
    white-space: normal;
    max-width: 100%;
    text-align: start;
    ${wrapAnywhere}
  }
  kbd {
    font-family: ${({ theme }) => theme.fonts.mono};
    border: 1px solid currentColor;
    border-radius: ${({ theme }) => theme.radii.sm};
    padding: 0 ${({ theme }) => theme.space(1)};
    margin-right: ${({ theme }) => theme.space(1)};
  }
`;

export interface OutcomeKeysProps {
  /** The tenant's active statuses in their order: keys 1 to 9. */
  statuses: readonly StatusOption[];
  /** The status a callback records; null when the tenant has none. */
  callbackStatus: StatusOption | null;
  disabled: boolean;
  onStatus: (status: StatusOption) => void;
  onCallback: () => void;
  onSkip: () => void;
  onNote: () => void;
}

/** Every key of the queue as a button, its key shown beside it. */
export function OutcomeKeys({ statuses, callbackStatus, disabled, onStatus, onCallback, onSkip, onNote }: OutcomeKeysProps) {
  return (
    <>
      <StyledKeys role="group" aria-label="Outcomes">
        {statuses.slice(0, 9).map((status, index) => (
          <Button key={status.id} $variant="secondary" disabled={disabled} aria-keyshortcuts={String(index + 1)} onClick={() => onStatus(status)}>
            <kbd>{index + 1}</kbd>
            {status.name}
          </Button>
        ))}
      </StyledKeys>
      <StyledKeys role="group" aria-label="Queue actions">
        <Button
          $variant="secondary"
          disabled={disabled}
          aria-keyshortcuts="C"
          title={callbackStatus ? `Schedules a callback and records ${callbackStatus.name}` : 'This tenant has no callback status'}
          onClick={onCallback}
        >
          <kbd>C</kbd>Callback
        </Button>
        <Button $variant="ghost" disabled={disabled} aria-keyshortcuts="S" onClick={onSkip}>
          <kbd>S</kbd>Skip
        </Button>
        <Button $variant="ghost" aria-keyshortcuts="N" onClick={onNote}>
          <kbd>N</kbd>Note
        </Button>
      </StyledKeys>
    </>
  );
}
