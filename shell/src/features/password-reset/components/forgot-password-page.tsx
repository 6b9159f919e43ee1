import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, MutedText, TextField } from '@app/shared';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { loadResetValidation, prefetchResetValidation } from '../hooks/load-reset-validation';
import { SubmitFailure } from './submit-failure';
import { StyledAuthCard, StyledAuthPage } from '../../../components/auth-card';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const reset = useRequestPasswordReset();

  useEffect(() => {
    document.title = 'Forgot password | Orbitra Group';
  }, []);

  const [loadError, setLoadError] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setLoadError(false);
    // The contract the server applies: the same address rule and message as every other form.
    const rules = await loadResetValidation().catch(() => null);
    if (!rules) return setLoadError(true);
    const { data, errors } = rules.checkResetEmail(email);
    setFieldError(errors.email);
    if (data) reset.mutate(data);
  };

  return (
    <StyledAuthPage>
      <StyledAuthCard>
        <h1>Forgot password</h1>
        {reset.isSuccess ? (
          <p role="status">{reset.data.message}</p>
        ) : (
          <>
            <MutedText>Enter the email address of your account and we will send you a link to choose a new password.</MutedText>
            <form onSubmit={onSubmit} noValidate aria-label="Request a password reset">
              <SubmitFailure error={reset.error} rulesFailed={loadError} />
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                value={email}
                error={fieldError}
                onFocus={prefetchResetValidation}
                onChange={(event) => setEmail(event.target.value)}
              />
              <Button type="submit" disabled={reset.isPending}>
                {reset.isPending ? 'Sending...' : 'Send reset link'}
              </Button>
            </form>
          </>
        )}
        <Link to="/login">← Back to log in</Link>
      </StyledAuthCard>
    </StyledAuthPage>
  );
}
