import { useState, type FormEvent } from 'react';
import { Button, TextAreaField } from '@app/shared';
import { Dialog, DialogCancel, DialogFooter } from '@app/shared/staff';
import { LOST_REASON_MAX } from '@app/shared/forms';
import { StyledFormStack } from '../../../components/layout';

export interface LostReasonDialogProps {
  leadName: string;
  stageName: string;
  onConfirm: (reason: string) => void;
  onDismiss: () => void;
}

/** A card dropped on a lost column: why it was lost (optional) before it moves. */
export function LostReasonDialog({ leadName, stageName, onConfirm, onDismiss }: LostReasonDialogProps) {
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(reason.trim());
  };
  return (
    <Dialog isOpen onDismiss={onDismiss} title={`Move to ${stageName}`} description={leadName} dirty={reason.trim() !== ''}>
      <StyledFormStack onSubmit={submit} noValidate>
        <TextAreaField
          label="Lost reason (optional)"
          autoFocus
          rows={3}
          maxLength={LOST_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <DialogFooter>
          <DialogCancel />
          <Button type="submit">Move to {stageName}</Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}
