import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, errorMessage, SelectField, TextAreaField, TextField, toast } from '@app/shared';
import { CheckboxField } from '@app/shared/ui/checkbox-field';
import {
  createTenantSchema,
  DEFAULT_COUNTRY,
  DEFAULT_CURRENCY,
  QUOTATION_REMINDER_DAYS,
  RECEIVES_WEBSITE_ENQUIRIES_LABEL,
  refusedFieldErrors,
  reminderDaysFromText,
  SETUP_CHANGES,
  SETUP_CHANGES_LABELS,
  useFormFields,
  validateWith,
  type Tenant,
} from '@app/shared/forms';
import { Dialog, DialogCancel, DialogFooter } from '@app/shared/staff';
import { StyledFormError, StyledFormStack } from '../../../components/layout';
import { useCreateTenant } from '../api/create-tenant';
import { useUpdateTenant } from '../api/update-tenant';
import { useQuotationProfileForm } from '../hooks/use-quotation-profile-form';
import { QuotationProfileSection } from './quotation-profile-section';

/** The tenant's own fields as the form holds them (text, as typed). */
function tenantValues(tenant: Tenant | undefined) {
  return {
    name: tenant?.name ?? '',
    domain: tenant?.domain ?? '',
    description: tenant?.description ?? '',
    default_country: tenant?.default_country ?? DEFAULT_COUNTRY,
    currency: tenant?.currency ?? DEFAULT_CURRENCY,
    quotation_reminder_days: String(tenant?.quotation_reminder_days ?? QUOTATION_REMINDER_DAYS.default),
    setup_changes: tenant?.setup_changes ?? 'everyone',
    receives_website_enquiries: tenant?.receives_website_enquiries ?? false,
  };
}

type SectionOutcome = { section: string; failure?: unknown };

/** What a save where some part failed says: what was not saved and why, what was, and that nothing typed is lost. */
function partialFailure(outcomes: SectionOutcome[]): string {
  const failed = outcomes.filter((outcome) => outcome.failure !== undefined);
  const saved = outcomes.filter((outcome) => outcome.failure === undefined).map((outcome) => outcome.section);
  const reasons = failed.map((outcome) => `${outcome.section} (${errorMessage(outcome.failure, 'the server did not answer')})`);
  const kept = saved.length ? ` Saved: ${saved.join(' and ')}.` : '';
  return `Not saved: ${reasons.join('; ')}.${kept} Your changes are still here: correct them and Save again.`;
}

/**
 * Adds a tenant, or edits one with its quotation profile: one Save sends every section that
 * changed, keeps the form open with everything typed if any request fails, and Cancel, Escape or
 * the close button ask before dropping unsaved changes.
 */
export function TenantFormDialog({ tenant, onDismiss }: { tenant?: Tenant; onDismiss: () => void }) {
  const [baseline, setBaseline] = useState(() => tenantValues(tenant));
  const { values, errors, set, setErrors, field } = useFormFields(() => tenantValues(tenant));
  const profile = useQuotationProfileForm(tenant?.id);
  const create = useCreateTenant();
  const update = useUpdateTenant();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const busy = saving || create.isPending;
  const tenantDirty = (Object.keys(values) as (keyof typeof values)[]).some((name) => values[name] !== baseline[name]);
  const dirty = tenantDirty || profile.dirty;

  // The first field with an error gets focus, so on a phone it comes into view.
  useEffect(() => {
    if (failedAttempts > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedAttempts]);

  // A save under way finishes first: closing then would leave its outcome unseen.
  const dismiss = () => {
    if (!busy) onDismiss();
  };

  /** A refusal naming a field goes beside it as well. */
  const showFieldRefusal = (failed: unknown) => {
    const detail = errorMessage(failed, '');
    const tenantErrors = refusedFieldErrors(detail, Object.keys(values) as (keyof typeof values)[]);
    if (tenantErrors) setErrors((current) => ({ ...current, ...tenantErrors }));
    const profileErrors = refusedFieldErrors(detail, [
      'company_name',
      'company_address',
      'company_phone',
      'company_email',
      'company_website',
      'tax_rate',
      'terms',
      'logo',
    ] as const);
    if (profileErrors) profile.setErrors((current) => ({ ...current, ...profileErrors }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(undefined);
    const result = validateWith(createTenantSchema, { ...values, quotation_reminder_days: reminderDaysFromText(values.quotation_reminder_days) });
    setErrors(result.errors);
    // Every section is checked before anything is sent, so no section is saved while another is refused.
    const profileBody = profile.loaded ? profile.validate() : undefined;
    if (!result.data || profileBody === null) {
      setFailedAttempts((count) => count + 1);
      return;
    }
    const body = { ...result.data, description: result.data.description ?? null };
    if (!tenant) {
      create.mutate(body, {
        onSuccess: (saved: Tenant) => {
          toast({ title: 'Tenant created', description: saved.name, variant: 'success' });
          onDismiss();
        },
        onError: (failed) => {
          showFieldRefusal(failed);
          setFailure(errorMessage(failed, 'Failed to create tenant'));
        },
      });
      return;
    }

    const sent = { ...values };
    const requests: Promise<SectionOutcome>[] = [];
    if (tenantDirty) {
      requests.push(
        update.mutateAsync({ id: tenant.id, body }).then(
          () => {
            setBaseline(sent);
            return { section: "the tenant's details" };
          },
          (failed: unknown) => ({ section: "the tenant's details", failure: failed }),
        ),
      );
    }
    if (profileBody && profile.dirty) {
      requests.push(
        profile.save(profileBody).then(
          () => ({ section: 'the quotation profile' }),
          (failed: unknown) => ({ section: 'the quotation profile', failure: failed }),
        ),
      );
    }
    if (requests.length === 0) {
      onDismiss();
      return;
    }
    setSaving(true);
    const outcomes = await Promise.all(requests);
    setSaving(false);
    const failed = outcomes.filter((outcome) => outcome.failure !== undefined);
    if (failed.length === 0) {
      toast({ title: 'Tenant updated', description: result.data.name, variant: 'success' });
      onDismiss();
      return;
    }
    failed.forEach((outcome) => showFieldRefusal(outcome.failure));
    setFailure(partialFailure(outcomes));
    setFailedAttempts((count) => count + 1);
  };

  return (
    <>
      <Dialog isOpen dirty={dirty && !busy} onDismiss={dismiss} title={tenant ? 'Edit Tenant' : 'Add New Tenant'}>
        <StyledFormStack ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-label={tenant ? 'Edit Tenant' : 'Add New Tenant'}>
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
            hint="Three letters (USD, EUR, GBP…): lead values and new quotations are in this currency; quotations made before keep their own."
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
          <SelectField
            label="Setup changes"
            hint="Who may create, change and delete statuses, pipeline stages, goals and the products and services of quotations."
            {...field('setup_changes')}
          >
            {SETUP_CHANGES.map((option) => (
              <option key={option} value={option}>
                {SETUP_CHANGES_LABELS[option]}
              </option>
            ))}
          </SelectField>
          <CheckboxField
            label={RECEIVES_WEBSITE_ENQUIRIES_LABEL}
            // One tenant always has them: the mark moves by ticking another tenant, never by unticking this one.
            hint={
              baseline.receives_website_enquiries
                ? "The website's contact-form messages come to this tenant's users. To move them, tick this on another tenant."
                : "The website's contact-form messages come to this tenant's users instead of the tenant that receives them now."
            }
            checked={values.receives_website_enquiries}
            disabled={baseline.receives_website_enquiries}
            onChange={(event) => set('receives_website_enquiries', event.target.checked)}
          />
          {errors.receives_website_enquiries && <StyledFormError role="alert">{errors.receives_website_enquiries}</StyledFormError>}
          {tenant && <QuotationProfileSection form={profile} tenantId={tenant.id} />}
          {/* Beside the Save button, so it is in view even on a phone. */}
          {failure && <StyledFormError role="alert">{failure}</StyledFormError>}
          <DialogFooter>
            <DialogCancel disabled={busy} />
            <Button type="submit" disabled={busy}>
              {busy ? (tenant ? 'Saving...' : 'Creating...') : tenant ? 'Save Changes' : 'Create Tenant'}
            </Button>
          </DialogFooter>
        </StyledFormStack>
      </Dialog>
    </>
  );
}
