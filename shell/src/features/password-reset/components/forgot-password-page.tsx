import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, errorMessage, MutedText, TextField } from '@app/shared';
import { passwordResetRequestSchema, validateWith } from '@app/shared/forms';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { StyledAuthCard, StyledAuthPage, StyledFormError } from '../../../components/auth-card';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const reset = useRequestPasswordReset();

  useEffect(() => {
    document.title = 'Forgot password | Orbitra Group';
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The contract the server applies: the same address rule and message as every other form.
    const { data, errors } = validateWith(passwordResetRequestSchema, { email });
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
              {reset.isError && <StyledFormError role="alert">{errorMessage(reset.error, 'Something went wrong. Please try again.')}</StyledFormError>}
              <TextField label="Email" type="email" autoComplete="email" value={email} error={fieldError} onChange={(event) => setEmail(event.target.value)} />
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
