import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, errorMessage, MutedText, SelectField, TextField, toast } from '@app/shared';
import { CheckboxField } from '@app/shared/ui/checkbox-field';
import {
  EMAIL_ACCOUNT_PASSWORD_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_PROVIDERS,
  LOGIN_NAME_MAX_LENGTH,
  MAIL_HOST_MAX_LENGTH,
  MAIL_SECURITY,
  MAIL_SECURITY_LABELS,
  mailboxPreset,
  type ConnectionCheck,
  type CreateEmailAccountInput,
  type EmailAccount,
  type EmailProvider,
  type MailSecurity,
  type UpdateEmailAccountInput,
} from '@app/shared/forms';
import { StyledFormError, StyledFormStack } from '../../../components/layout';
import { SubmitButton } from '../../../components/submit-button';
import { useCheckEmailAccount } from '../api/check-email-account';
import { useCreateEmailAccount } from '../api/create-email-account';
import { useUpdateEmailAccount } from '../api/update-email-account';
import {
  checkEmailAccountForm,
  emailAccountFormValues,
  EMPTY_EMAIL_ACCOUNT_FORM,
  serverValues,
  type EmailAccountFormErrors,
  type EmailAccountFormValues,
} from '../utils/email-account-form';
import { PROVIDER_LABELS } from '../utils/provider-label';

const StyledServers = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space(3)};
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr);
  }
  legend { font-weight: 600; padding: 0 ${({ theme }) => theme.space(1)}; }
`;

const StyledChecks = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(4)};
  li[data-ok='true'] { color: ${({ theme }) => theme.colors.success}; }
  li[data-ok='false'] { color: ${({ theme }) => theme.colors.danger}; }
`;

/** What each server answered to Check connection. */
function CheckResult({ check }: { check: ConnectionCheck }) {
  return (
    <StyledChecks role="status" aria-label="Connection check">
      <li data-ok={check.imap.ok}>Incoming mail (IMAP): {check.imap.ok ? 'connected.' : check.imap.message}</li>
      <li data-ok={check.smtp.ok}>Outgoing mail (SMTP): {check.smtp.ok ? 'connected.' : check.smtp.message}</li>
    </StyledChecks>
  );
}

type ServerSide = 'imap' | 'smtp';

/** One server's host, port and security. */
function ServerFields({
  side,
  values,
  errors,
  set,
}: {
  side: ServerSide;
  values: EmailAccountFormValues;
  errors: EmailAccountFormErrors;
  set: <K extends keyof EmailAccountFormValues>(field: K, value: EmailAccountFormValues[K]) => void;
}) {
  const host = side === 'imap' ? 'imapHost' : 'smtpHost';
  const port = side === 'imap' ? 'imapPort' : 'smtpPort';
  const security = side === 'imap' ? 'imapSecurity' : 'smtpSecurity';
  return (
    <StyledServers>
      <legend>{side === 'imap' ? 'Incoming mail (IMAP)' : 'Outgoing mail (SMTP)'}</legend>
      <TextField
        label="Server"
        autoComplete="off"
        maxLength={MAIL_HOST_MAX_LENGTH}
        value={values[host]}
        error={errors[host]}
        onChange={(event) => set(host, event.target.value)}
      />
      <TextField label="Port" inputMode="numeric" maxLength={5} value={values[port]} error={errors[port]} onChange={(event) => set(port, event.target.value)} />
      <SelectField label="Security" value={values[security]} error={errors[security]} onChange={(event) => set(security, event.target.value as MailSecurity)}>
        {MAIL_SECURITY.map((option) => (
          <option key={option} value={option}>
            {MAIL_SECURITY_LABELS[option]}
          </option>
        ))}
      </SelectField>
    </StyledServers>
  );
}

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
  const [check, setCheck] = useState<ConnectionCheck | null>(null);
  const create = useCreateEmailAccount();
  const update = useUpdateEmailAccount();
  const tryConnection = useCheckEmailAccount();
  const busy = create.isPending || update.isPending || tryConnection.isPending;

  const set = <K extends keyof EmailAccountFormValues>(field: K, value: EmailAccountFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors({});
    setServerError(null);
    setCheck(null);
  };

  /** A provider brings its servers (another provider's are typed). */
  const chooseProvider = (provider: EmailProvider) => {
    setValues((current) => ({ ...current, provider, ...(provider === 'other' ? {} : serverValues(provider)) }));
    setErrors({});
    setServerError(null);
    setCheck(null);
  };

  const checkConnection = () => {
    const checked = checkEmailAccountForm(values, editing);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const { check_connection: _check, ...body } = checked.body;
    tryConnection.mutate(
      { ...body, ...(account ? { account_id: account.id } : {}) },
      { onSuccess: setCheck, onError: (failure) => setServerError(errorMessage(failure, 'The connection could not be checked.')) },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkEmailAccountForm(values, editing);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setCheck(null);
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
      <SelectField label="Provider" value={values.provider} error={errors.provider} onChange={(event) => chooseProvider(event.target.value as EmailProvider)}>
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
        hint={[editing ? 'Leave blank to keep the current password.' : 'Stored encrypted; only you can view it.', mailboxPreset(values.provider)?.password_help]
          .filter(Boolean)
          .join(' ')}
        onChange={(event) => set('password', event.target.value)}
      />
      <ServerFields side="imap" values={values} errors={errors} set={set} />
      <ServerFields side="smtp" values={values} errors={errors} set={set} />
      <TextField
        label="Login name (optional)"
        autoComplete="off"
        maxLength={LOGIN_NAME_MAX_LENGTH}
        value={values.loginName}
        error={errors.loginName}
        hint="Only when the servers take another name than the address."
        onChange={(event) => set('loginName', event.target.value)}
      />
      <CheckboxField
        label="Put mail sent from the CRM in the mailbox's Sent folder"
        hint="Gmail files it there itself."
        checked={values.saveSent}
        onChange={(event) => set('saveSent', event.target.checked)}
      />
      <MutedText>Saving checks the connection first: a mailbox is saved only when both servers take its password.</MutedText>
      {check && <CheckResult check={check} />}
      {alert && <StyledFormError role="alert">{alert}</StyledFormError>}
      <div>
        <SubmitButton busy={busy}>{create.isPending || update.isPending ? 'Checking and saving...' : editing ? 'Save Changes' : 'Add Account'}</SubmitButton>{' '}
        <Button $variant="secondary" type="button" onClick={checkConnection} disabled={busy}>
          {tryConnection.isPending ? 'Checking...' : 'Check connection'}
        </Button>{' '}
        {onCancel && (
          <Button $variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
    </StyledFormStack>
  );
}
