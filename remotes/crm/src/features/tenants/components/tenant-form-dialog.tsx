import type { FormEvent } from 'react';
import { Button, errorMessage, SelectField, TextAreaField, TextField, toast } from '@app/shared';
import {
  createTenantSchema,
  DEFAULT_COUNTRY,
  DEFAULT_CURRENCY,
  QUOTATION_REMINDER_DAYS,
  reminderDaysFromText,
  SETUP_CHANGES,
  SETUP_CHANGES_LABELS,
  useFormFields,
  validateWith,
  type Tenant,
} from '@app/shared/forms';
import { Dialog, DialogFooter } from '@app/shared/staff';
import { StyledFormStack } from '../../../components/layout';
import { useCreateTenant } from '../api/create-tenant';
import { useUpdateTenant } from '../api/update-tenant';
import { QuotationProfileSection } from './quotation-profile-section';

export function TenantFormDialog({ tenant, onDismiss }: { tenant?: Tenant; onDismiss: () => void }) {
  const { values, setErrors, field } = useFormFields({
    name: tenant?.name ?? '',
    domain: tenant?.domain ?? '',
    description: tenant?.description ?? '',
    default_country: tenant?.default_country ?? DEFAULT_COUNTRY,
    currency: tenant?.currency ?? DEFAULT_CURRENCY,
    quotation_reminder_days: String(tenant?.quotation_reminder_days ?? QUOTATION_REMINDER_DAYS.default),
    setup_changes: tenant?.setup_changes ?? 'everyone',
  });
  const create = useCreateTenant();
  const update = useUpdateTenant();
  const busy = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateWith(createTenantSchema, { ...values, quotation_reminder_days: reminderDaysFromText(values.quotation_reminder_days) });
    setErrors(result.errors);
    if (!result.data) return;
    const body = { ...result.data, description: result.data.description ?? null };
    const onError = (failure: unknown) =>
      toast({ title: 'Error', description: errorMessage(failure, tenant ? 'Failed to update tenant' : 'Failed to create tenant'), variant: 'destructive' });
    const onSuccess = (saved: Tenant) => {
      toast({ title: tenant ? 'Tenant updated' : 'Tenant created', description: saved.name, variant: 'success' });
      onDismiss();
    };
    if (tenant) update.mutate({ id: tenant.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title={tenant ? 'Edit Tenant' : 'Add New Tenant'}>
      <StyledFormStack onSubmit={submit} noValidate>
        <TextField label="Name" autoFocus required {...field('name')} />
        <TextField label="Domain" required placeholder="example.com" autoCapitalize="none" spellCheck={false} {...field('domain')} />
        <TextAreaField label="Description" rows={3} {...field('description')} />
        <TextField
          label="Default country"
          hint="Two letters (US, GB, FR…): phone numbers written without + are read in this country."
          maxLength={2}
          autoCapitalize="characters"
          spellCheck={false}
          {...field('default_country')}
        />
        <TextField
          label="Currency"
          hint="Three letters (USD, EUR, GBP…): lead values are in this currency."
          maxLength={3}
          autoCapitalize="characters"
          spellCheck={false}
          {...field('currency')}
        />
        <TextField
          label="Quotation reminder (days)"
          hint="A sent quotation still undecided this many days before its validity ends is mailed to the client again, once. 0: no reminders."
          inputMode="numeric"
          maxLength={3}
          {...field('quotation_reminder_days')}
        />
        <SelectField label="Setup changes" hint="Who may create, change and delete statuses, pipeline stages and goals." {...field('setup_changes')}>
          {SETUP_CHANGES.map((option) => (
            <option key={option} value={option}>
              {SETUP_CHANGES_LABELS[option]}
            </option>
          ))}
        </SelectField>
        <DialogFooter>
          <Button $variant="secondary" onClick={onDismiss} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? (tenant ? 'Saving...' : 'Creating...') : tenant ? 'Save Changes' : 'Create Tenant'}
          </Button>
        </DialogFooter>
      </StyledFormStack>
      {tenant && <QuotationProfileSection tenantId={tenant.id} />}
    </Dialog>
  );
}
