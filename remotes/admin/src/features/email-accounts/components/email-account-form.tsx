import { useState, type FormEvent } from 'react';
import { Button, errorMessage, SelectField, TextField, toast } from '@app/shared';
import {
  EMAIL_ACCOUNT_PASSWORD_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_PROVIDERS,
  type CreateEmailAccountInput,
  type EmailAccount,
  type EmailProvider,
  type UpdateEmailAccountInput,
} from '@app/shared/forms';
import { StyledFormError, StyledFormStack } from '../../../components/layout';
import { SubmitButton } from '../../../components/submit-button';
import { useCreateEmailAccount } from '../api/create-email-account';
import { useUpdateEmailAccount } from '../api/update-email-account';
import {
  checkEmailAccountForm,
  emailAccountFormValues,
  EMPTY_EMAIL_ACCOUNT_FORM,
  type EmailAccountFormErrors,
  type EmailAccountFormValues,
} from '../utils/email-account-form';
import { PROVIDER_LABELS } from '../utils/provider-label';

export interface EmailAccountFormProps {
  /** Edits this account; without one the form adds a new account. */
  account?: EmailAccount;
  onSaved: (account: EmailAccount) => void;
  onCancel?: () => void;
}

export function EmailAccountForm({ account, onSaved, onCancel }: EmailAccountFormProps) {
  const editing = Boolean(account);
  const [values, setValues] = useState<EmailAccountFormValues>(() => (account ? emailAccountFormValues(account) : EMPTY_EMAIL_ACCOUNT_FORM));
  const [errors, setErrors] = useState<EmailAccountFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateEmailAccount();
  const update = useUpdateEmailAccount();
  const busy = create.isPending || update.isPending;

  const set = <K extends keyof EmailAccountFormValues>(field: K, value: EmailAccountFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors({});
    setServerError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkEmailAccountForm(values, editing);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const onError = (failure: unknown) => setServerError(errorMessage(failure, editing ? 'Failed to update email account' : 'Failed to create email account'));
    const onSuccess = (saved: EmailAccount) => {
      toast({ title: 'Success', description: editing ? 'Email account updated successfully' : 'Email account created successfully', variant: 'success' });
      if (!editing) setValues(EMPTY_EMAIL_ACCOUNT_FORM);
      onSaved(saved);
    };
    if (account) update.mutate({ id: account.id, body: checked.body as UpdateEmailAccountInput }, { onSuccess, onError });
    else create.mutate(checked.body as CreateEmailAccountInput, { onSuccess, onError });
  };

  const alert = errors.form ?? serverError;
  return (
    <StyledFormStack onSubmit={submit} noValidate aria-label={editing ? 'Edit email account' : 'Add email account'}>
      <TextField
        label="Email address"
        type="email"
        autoComplete="off"
        maxLength={EMAIL_MAX_LENGTH}
        value={values.emailAddress}
        error={errors.emailAddress}
        onChange={(event) => set('emailAddress', event.target.value)}
      />
      <SelectField label="Provider" value={values.provider} error={errors.provider} onChange={(event) => set('provider', event.target.value as EmailProvider)}>
        {EMAIL_PROVIDERS.map((provider) => (
          <option key={provider} value={provider}>
            {PROVIDER_LABELS[provider]}
          </option>
        ))}
      </SelectField>
      <TextField
        label={editing ? 'New password (optional)' : 'Password'}
        type="password"
        autoComplete="new-password"
        maxLength={EMAIL_ACCOUNT_PASSWORD_MAX_LENGTH}
        value={values.password}
        error={errors.password}
        hint={editing ? 'Leave blank to keep the current password.' : 'Stored encrypted; only you can view it.'}
        onChange={(event) => set('password', event.target.value)}
      />
      {alert && <StyledFormError role="alert">{alert}</StyledFormError>}
      <div>
        <SubmitButton busy={busy}>{busy ? 'Saving...' : editing ? 'Save Changes' : 'Add Account'}</SubmitButton>{' '}
        {onCancel && (
          <Button $variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
    </StyledFormStack>
  );
}
