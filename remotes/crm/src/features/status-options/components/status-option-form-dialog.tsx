import type { FormEvent } from 'react';
import { Button, errorMessage, MutedText, TextAreaField, TextField, toast } from '@app/shared';
import { CheckboxField } from '@app/shared/ui/checkbox-field';
import { statusOptionInputSchema, useFormFields, validateWith, type StatusOption } from '@app/shared/forms';
import { Dialog, DialogCancel, DialogFooter } from '@app/shared/staff';
import { StyledFormStack, StyledTwoColumns } from '../../../components/layout';
import { useCreateStatusOption } from '../api/create-status-option';
import { useUpdateStatusOption } from '../api/update-status-option';

export interface StatusOptionFormDialogProps {
  tenantId: string;
  /** The option being edited; absent when creating. */
  option?: StatusOption;
  onDismiss: () => void;
}

export function StatusOptionFormDialog({ tenantId, option, onDismiss }: StatusOptionFormDialogProps) {
  const { values, errors, setErrors, set, field, dirty } = useFormFields(
    {
      name: option?.name ?? '',
      description: option?.description ?? '',
      sort_order: String(option?.sort_order ?? 0),
      is_active: option?.is_active ?? true,
      converts_to_lead: option?.converts_to_lead ?? false,
      removes_from_prospects: option?.removes_from_prospects ?? false,
      is_callback: option?.is_callback ?? false,
    },
    { contract: statusOptionInputSchema },
  );
  const create = useCreateStatusOption(tenantId);
  const update = useUpdateStatusOption(tenantId);
  const busy = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The tenant comes from the picker, not from the form.
    const result = validateWith(statusOptionInputSchema, values);
    setErrors(result.errors);
    if (!result.data) return;
    const body = { ...result.data, description: result.data.description || null };
    const onError = (error: unknown) =>
      toast({
        title: 'Error',
        description: errorMessage(error, option ? 'Failed to update status option' : 'Failed to create status option'),
        variant: 'destructive',
      });
    if (option) {
      update.mutate(
        { id: option.id, body },
        {
          onSuccess: () => {
            toast({ title: 'Status option updated', variant: 'success' });
            onDismiss();
          },
          onError,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          toast({ title: 'Status option created', variant: 'success' });
          onDismiss();
        },
        onError,
      });
    }
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title={option ? 'Edit Status Option' : 'Add Status Option'} dirty={dirty}>
      <StyledFormStack onSubmit={submit} noValidate>
        <TextField label="Name" autoFocus {...field('name')} />
        <TextAreaField label="Description" rows={2} {...field('description')} />
        <StyledTwoColumns>
          <TextField label="Sort order" type="number" step={1} inputMode="numeric" {...field('sort_order')} />
        </StyledTwoColumns>
        <CheckboxField
          label="Active"
          hint="Only active statuses are offered in pickers and filters."
          checked={values.is_active}
          onChange={(event) => set('is_active', event.target.checked)}
        />
        <CheckboxField
          label="Converts to lead"
          hint="Choosing this status turns the prospect into a lead."
          checked={values.converts_to_lead}
          onChange={(event) => set('converts_to_lead', event.target.checked)}
        />
        <CheckboxField
          label="Removes from prospects"
          hint="Choosing this status takes the prospect off the prospects list, e.g. Do Not Call."
          checked={values.removes_from_prospects}
          onChange={(event) => set('removes_from_prospects', event.target.checked)}
        />
        <CheckboxField
          label="Callback status"
          hint="A callback (C in the call queue) records this status. One status per tenant: ticking it here takes it off the other. It keeps the prospect on the list."
          checked={values.is_callback}
          aria-invalid={errors.is_callback ? true : undefined}
          onChange={(event) => set('is_callback', event.target.checked)}
        />
        {errors.is_callback && <MutedText role="alert">{errors.is_callback}</MutedText>}
        <DialogFooter>
          <DialogCancel disabled={busy} />
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : option ? 'Save Changes' : 'Create Status'}
          </Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}
