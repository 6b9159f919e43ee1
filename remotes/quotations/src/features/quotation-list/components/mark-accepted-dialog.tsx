import { useState, type FormEvent } from 'react';
import { acceptQuotationSchema, type Quotation } from '@app/shared/forms';
import { Button, errorMessage, FormError, FormStack, TextField, toast } from '@app/shared';
import { Dialog, DialogFooter } from '@app/shared/staff';
import { useAcceptQuotation } from '../api/accept-quotation';

export interface MarkAcceptedDialogProps {
  tenantId: string;
  quotation: Quotation;
  onDismiss: () => void;
}

/** Staff record a client's acceptance given outside the link: the name is the client's, as on the link. */
export function MarkAcceptedDialog({ tenantId, quotation, onDismiss }: MarkAcceptedDialogProps) {
  const [name, setName] = useState(quotation.client_name ?? '');
  const [nameError, setNameError] = useState<string | undefined>();
  const accept = useAcceptQuotation(tenantId);
  const title = quotation.title || quotation.number;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = acceptQuotationSchema.safeParse({ name });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]!.message.replace(/^name: /, ''));
      return;
    }
    accept.mutate(
      { id: quotation.id, body: parsed.data },
      {
        onSuccess: () => {
          toast({ title: 'Quotation accepted', description: `"${title}" is marked accepted.`, variant: 'success' });
          onDismiss();
        },
      },
    );
  };

  return (
    <Dialog
      isOpen
      onDismiss={onDismiss}
      title="Mark Quotation Accepted"
      description={`Record that the client accepted "${title}" outside its link.${quotation.lead_id ? ' The lead it was made from moves to the won stage.' : ''}`}
    >
      <FormStack onSubmit={submit} noValidate>
        <TextField
          label="Accepted by"
          autoComplete="off"
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(undefined);
          }}
        />
        {accept.isError && <FormError role="alert">{errorMessage(accept.error, 'The acceptance could not be recorded. Please try again.')}</FormError>}
        <DialogFooter>
          <Button $variant="secondary" onClick={onDismiss} disabled={accept.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={accept.isPending}>
            {accept.isPending ? 'Saving...' : 'Mark accepted'}
          </Button>
        </DialogFooter>
      </FormStack>
    </Dialog>
  );
}
