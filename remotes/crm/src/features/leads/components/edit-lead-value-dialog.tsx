import type { FormEvent } from 'react';
import styled from 'styled-components';
import { Button, errorMessage, refusalDetail, TextField, toast } from '@app/shared';
import { refusedFieldErrors, updateLeadValueSchema, useFormFields, validateWith, type Lead } from '@app/shared/forms';
import { Dialog, DialogCancel, DialogFooter } from '@app/shared/staff';
import { useTenantCurrency } from '@app/shared/tenants';
import { StyledFormStack, StyledTwoColumns } from '../../../components/layout';
import { useUpdateLead } from '../api/update-lead';

const StyledProbability = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(1)};
  > :first-child { align-self: stretch; }
`;

type ValueTexts = {
  value: string;
  expected_close_date: string;
  probability: string;
};

/**
 * The form's texts as the body: an emptied value or date is cleared. The probability goes only
 * when the user changed it: a number sets the lead's own, an empty field (or "Use the stage's")
 * sends null and the lead follows its stage again. Left alone it is not sent, so saving a value
 * never turns the stage's probability into the lead's own.
 */
function valueBody(values: ValueTexts, initial: ValueTexts) {
  const blank = (text: string) => text.trim() === '';
  return {
    value: blank(values.value) ? null : values.value.trim(),
    expected_close_date: blank(values.expected_close_date) ? null : values.expected_close_date,
    ...(values.probability.trim() === initial.probability ? {} : { probability: blank(values.probability) ? null : Number(values.probability) }),
  };
}

/** Edit Value: what the lead is worth, when it should close and how likely, in the tenant's currency. */
export function EditLeadValueDialog({ tenantId, lead, onDismiss }: { tenantId: string; lead: Lead; onDismiss: () => void }) {
  const currency = useTenantCurrency(tenantId);
  const update = useUpdateLead(tenantId);
  const initial: ValueTexts = {
    value: lead.value ?? '',
    expected_close_date: lead.expected_close_date ?? '',
    // Only a probability a user set fills the field; the stage's is its placeholder.
    probability: lead.own_probability === null ? '' : String(lead.own_probability),
  };
  const { values, setErrors, field, set, dirty } = useFormFields(initial);
  const followsStage = values.probability.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateWith(updateLeadValueSchema, valueBody(values, initial));
    setErrors(result.errors);
    if (!result.data) return;
    update.mutate(
      { id: lead.id, body: result.data },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Lead value updated', variant: 'success' });
          onDismiss();
        },
        onError: (failure) => {
          // A refused field shows its reason beside it; anything else is a failure to report.
          const refused = refusedFieldErrors(refusalDetail(failure), ['value', 'expected_close_date', 'probability']);
          if (refused) setErrors(refused);
          else toast({ title: 'Error', description: errorMessage(failure, 'Failed to update lead'), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title="Edit Value" description={lead.name} dirty={dirty}>
      <StyledFormStack onSubmit={submit} noValidate>
        <TextField label={`Value (${currency})`} inputMode="decimal" autoFocus placeholder="1,500.00" {...field('value')} />
        <StyledTwoColumns>
          <TextField label="Expected close date" type="date" {...field('expected_close_date')} />
          <StyledProbability>
            <TextField
              label="Probability (%)"
              type="number"
              min={0}
              max={100}
              step={1}
              inputMode="numeric"
              placeholder={String(lead.stage_probability)}
              hint={followsStage ? `The stage's: ${lead.stage_probability}%` : `The stage's is ${lead.stage_probability}%`}
              {...field('probability')}
            />
            <Button $variant="ghost" $size="sm" disabled={followsStage} onClick={() => set('probability', '')}>
              Use the stage's
            </Button>
          </StyledProbability>
        </StyledTwoColumns>
        <DialogFooter>
          <DialogCancel disabled={update.isPending} />
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Value'}
          </Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}
