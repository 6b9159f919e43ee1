import { useState } from 'react';
import styled from 'styled-components';
import { Button, TextField } from '@app/shared';
import { Dialog, DialogFooter } from '@app/shared/staff';
import { fromLocalInput, quickPicks, toLocalInput } from '../utils/callback-times';

const StyledQuickPicks = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

export interface CallbackPickerProps {
  prospectName: string;
  /** The tenant's callback status, which the call records. */
  statusName: string;
  onPick: (at: Date) => void;
  onDismiss: () => void;
}

/** When to call back: a date and time, or one of the quick picks. */
export function CallbackPicker({ prospectName, statusName, onPick, onDismiss }: CallbackPickerProps) {
  const [now] = useState(() => new Date());
  const [value, setValue] = useState(() => toLocalInput(new Date(now.getTime() + 60 * 60 * 1000)));
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    const at = fromLocalInput(value);
    if (!at || at.getTime() <= Date.now()) {
      setError('Please choose a time in the future.');
      return;
    }
    onPick(at);
  };
  return (
    <Dialog
      isOpen
      onDismiss={onDismiss}
      title="Schedule a callback"
      description={`When should ${prospectName} be called back? The call is recorded as ${statusName}.`}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <StyledQuickPicks role="group" aria-label="Quick picks">
          {quickPicks(now).map((pick) => (
            <Button key={pick.label} $variant="secondary" $size="sm" onClick={() => onPick(pick.at)}>
              {pick.label}
            </Button>
          ))}
        </StyledQuickPicks>
        <TextField
          label="Callback date and time"
          type="datetime-local"
          step={1}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error}
          autoFocus
        />
        <DialogFooter>
          <Button $variant="secondary" onClick={onDismiss}>
            Cancel
          </Button>
          <Button type="submit">Schedule Callback</Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
