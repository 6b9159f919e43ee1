import type { FormEvent } from 'react';
import { Button, errorMessage, refusalDetail, TextField, toast } from '@app/shared';
import { createLeadSchema, refusedFieldErrors, useFormFields, validateWith, withPhoneRule } from '@app/shared/forms';
import { Dialog, DialogCancel, DialogFooter } from '@app/shared/staff';
import { useTenantCountry, useTenantCurrency } from '@app/shared/tenants';
import { StyledFormStack } from '../../../components/layout';
import { useCreateLead } from '../api/create-lead';

const addLeadSchema = createLeadSchema.pick({ name: true, phone1: true, value: true });

/** Unmounted on close, so the form starts empty every time it opens. */
export function AddLeadDialog({ tenantId, onDismiss }: { tenantId: string; onDismiss: () => void }) {
  const { values, setErrors, field, dirty } = useFormFields({ name: '', phone1: '', value: '' }, { contract: addLeadSchema });
  const currency = useTenantCurrency(tenantId);
  const create = useCreateLead(tenantId);
  const country = useTenantCountry(tenantId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An empty value is no value.
    const result = validateWith(withPhoneRule(addLeadSchema, country), { ...values, value: values.value.trim() || undefined });
    setErrors(result.errors);
    if (!result.data) return;
    create.mutate(result.data, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Lead added successfully!', variant: 'success' });
        onDismiss();
      },
      onError: (failure) => {
        // A refusal naming a field (a Phone1 another company holds) shows beside it, with focus there; anything else is a toast.
        const refused = refusedFieldErrors(refusalDetail(failure), ['name', 'phone1', 'value']);
        if (refused) setErrors(refused);
        else toast({ title: 'Error', description: errorMessage(failure, 'Failed to add lead. Please try again.'), variant: 'destructive' });
      },
    });
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title="Add New Lead" dirty={dirty}>
      <StyledFormStack onSubmit={submit} noValidate>
        <TextField label="Company name" required autoFocus {...field('name')} />
        <TextField label="Phone 1" type="tel" required {...field('phone1')} />
        <TextField label={`Value (${currency}, optional)`} inputMode="decimal" placeholder="1,500.00" {...field('value')} />
        <DialogFooter>
          <DialogCancel disabled={create.isPending} />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Adding...' : 'Add Lead'}
          </Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}
