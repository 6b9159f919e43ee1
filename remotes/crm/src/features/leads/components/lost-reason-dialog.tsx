import { useState, type FormEvent } from 'react';
import { Button } from '@app/shared';
import { Dialog, DialogCancel, DialogFooter } from '@app/shared/staff';
import { StyledFormStack } from '../../../components/layout';
import { LostReasonField } from '../../../components/lost-reason-field';

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
        <LostReasonField autoFocus value={reason} onChange={setReason} />
        <DialogFooter>
          <DialogCancel />
          <Button type="submit">Move to {stageName}</Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}
