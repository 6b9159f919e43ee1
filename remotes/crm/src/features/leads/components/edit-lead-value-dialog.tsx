import type { FormEvent } from 'react';
import { Button, errorMessage, TextField, toast } from '@app/shared';
import { updateLeadValueSchema, useFormFields, validateWith, type Lead } from '@app/shared/forms';
import { Dialog, DialogFooter } from '@app/shared/staff';
import { useTenantCurrency } from '@app/shared/tenants';
import { StyledFormStack, StyledTwoColumns } from '../../../components/layout';
import { useUpdateLead } from '../api/update-lead';

/** The form's texts as the body: an emptied field is cleared (probability: back to the stage's). */
function valueBody(values: { value: string; expected_close_date: string; probability: string }) {
  const blank = (text: string) => text.trim() === '';
  return {
    value: blank(values.value) ? null : values.value.trim(),
    expected_close_date: blank(values.expected_close_date) ? null : values.expected_close_date,
    probability: blank(values.probability) ? null : Number(values.probability),
  };
}

/** Edit Value: what the lead is worth, when it should close and how likely, in the tenant's currency. */
export function EditLeadValueDialog({ tenantId, lead, onDismiss }: { tenantId: string; lead: Lead; onDismiss: () => void }) {
  const currency = useTenantCurrency(tenantId);
  const update = useUpdateLead(tenantId);
  const { values, setErrors, field } = useFormFields({
    value: lead.value ?? '',
    expected_close_date: lead.expected_close_date ?? '',
    probability: String(lead.probability),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateWith(updateLeadValueSchema, valueBody(values));
    setErrors(result.errors);
    if (!result.data) return;
    update.mutate(
      { id: lead.id, body: result.data },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Lead value updated', variant: 'success' });
          onDismiss();
        },
        onError: (failure) => toast({ title: 'Error', description: errorMessage(failure, 'Failed to update lead'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title="Edit Value" description={lead.name}>
      <StyledFormStack onSubmit={submit} noValidate>
        <TextField label={`Value (${currency})`} inputMode="decimal" autoFocus placeholder="1500.00" {...field('value')} />
        <StyledTwoColumns>
          <TextField label="Expected close date" type="date" {...field('expected_close_date')} />
          <TextField label="Probability (%)" type="number" min={0} max={100} step={1} inputMode="numeric" hint="Empty: the stage's" {...field('probability')} />
        </StyledTwoColumns>
        <DialogFooter>
          <Button $variant="secondary" onClick={onDismiss} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Value'}
          </Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}
