import { useState, type FormEvent } from 'react';
import { Button, COMPANY_NAME_REQUIRED, Dialog, DialogFooter, errorMessage, PHONE1_REQUIRED, TextField, toast } from '@app/shared';
import { StyledFormStack } from '../../../components/layout';
import { useCreateLead } from '../api/create-lead';

/** Unmounted on close, so the form starts empty every time it opens. */
export function AddLeadDialog({ tenantId, onDismiss }: { tenantId: string; onDismiss: () => void }) {
  const [name, setName] = useState('');
  const [phone1, setPhone1] = useState('');
  const [errors, setErrors] = useState<{ name?: string; phone1?: string }>({});
  const create = useCreateLead(tenantId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { name: name.trim() ? undefined : COMPANY_NAME_REQUIRED, phone1: phone1.trim() ? undefined : PHONE1_REQUIRED };
    setErrors(found);
    if (found.name || found.phone1) return;
    create.mutate(
      { name: name.trim(), phone1: phone1.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Lead added successfully!', variant: 'success' });
          onDismiss();
        },
        onError: (failure) =>
          toast({ title: 'Error', description: errorMessage(failure, 'Failed to add lead. Please try again.'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title="Add New Lead">
      <StyledFormStack onSubmit={submit} noValidate>
        <TextField
          label="Company name"
          name="name"
          required
          autoFocus
          value={name}
          error={errors.name}
          onChange={(event) => {
            setName(event.target.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
        />
        <TextField
          label="Phone 1"
          name="phone1"
          type="tel"
          required
          value={phone1}
          error={errors.phone1}
          onChange={(event) => {
            setPhone1(event.target.value);
            setErrors((current) => ({ ...current, phone1: undefined }));
          }}
        />
        <DialogFooter>
          <Button $variant="secondary" onClick={onDismiss} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Adding...' : 'Add Lead'}
          </Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}
