import { useState, type FormEvent } from 'react';
import { acceptQuotationSchema, QUOTATION_ALREADY_DECIDED, QUOTATION_EXPIRED } from '@app/shared/forms';
import { ApiError, Button, errorMessage, FormError, FormStack, TextAreaField, TextField } from '@app/shared';
import { Dialog, DialogFooter } from '@app/shared/staff';
import { useDecideQuotation } from '../api/decide-quotation';

/** What a failed answer means to the client. */
export function decisionFailure(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 409) return QUOTATION_ALREADY_DECIDED;
  if (failure instanceof ApiError && failure.status === 410) return QUOTATION_EXPIRED;
  return errorMessage(failure, 'Your answer could not be sent. Please try again.');
}

export interface DecisionDialogProps {
  token: string;
  kind: 'accept' | 'reject';
  onDismiss: () => void;
}

/** Accept asks for the client's name; Reject for an optional reason. */
export function DecisionDialog({ token, kind, onDismiss }: DecisionDialogProps) {
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const decide = useDecideQuotation(token);
  const accepting = kind === 'accept';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (accepting) {
      const parsed = acceptQuotationSchema.safeParse({ name });
      if (!parsed.success) {
        setNameError(parsed.error.issues[0]!.message.replace(/^name: /, ''));
        return;
      }
      decide.mutate({ kind: 'accept', body: { name } }, { onSuccess: onDismiss });
    } else {
      decide.mutate({ kind: 'reject', body: { reason } }, { onSuccess: onDismiss });
    }
  };

  return (
    <Dialog
      isOpen
      onDismiss={onDismiss}
      title={accepting ? 'Accept quotation' : 'Reject quotation'}
      description={accepting ? 'Type your full name to accept this quotation.' : 'You may tell us why (optional).'}
    >
      <FormStack onSubmit={submit} noValidate>
        {accepting ? (
          <TextField
            label="Your name"
            autoComplete="name"
            value={name}
            error={nameError}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(undefined);
            }}
          />
        ) : (
          <TextAreaField label="Reason (optional)" rows={4} value={reason} onChange={(event) => setReason(event.target.value)} />
        )}
        {decide.isError && <FormError role="alert">{decisionFailure(decide.error)}</FormError>}
        <DialogFooter>
          <Button $variant="secondary" onClick={onDismiss} disabled={decide.isPending}>
            Cancel
          </Button>
          <Button type="submit" $variant={accepting ? 'primary' : 'destructive'} disabled={decide.isPending}>
            {decide.isPending ? 'Sending...' : accepting ? 'Accept' : 'Reject'}
          </Button>
        </DialogFooter>
      </FormStack>
    </Dialog>
  );
}
