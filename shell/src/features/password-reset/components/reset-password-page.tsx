import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, TextField } from '@app/shared';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { loadResetValidation, prefetchResetValidation } from '../hooks/load-reset-validation';
import { SubmitFailure } from './submit-failure';
import { StyledAuthCard, StyledAuthPage, StyledFormError } from '../../../components/auth-card';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [repeatError, setRepeatError] = useState<string | undefined>();
  const confirm = useConfirmPasswordReset();

  useEffect(() => {
    document.title = 'Choose a new password | Orbitra Group';
  }, []);

  const [loadError, setLoadError] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setLoadError(false);
    const rules = await loadResetValidation().catch(() => null);
    if (!rules) return setLoadError(true);
    const { data, errors } = rules.checkNewPassword(password);
    const mismatch = data && password !== repeat ? 'The two passwords do not match.' : undefined;
    setPasswordError(errors.password);
    setRepeatError(mismatch);
    if (data && !mismatch) confirm.mutate({ token, password: data.password });
  };

  return (
    <StyledAuthPage>
      <StyledAuthCard>
        <h1>Choose a new password</h1>
        {!token ? (
          <StyledFormError role="alert">This reset link is incomplete. Request a new one.</StyledFormError>
        ) : confirm.isSuccess ? (
          <p role="status">Your password has been changed. You can now log in with it.</p>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label="Choose a new password">
            <SubmitFailure error={confirm.error} rulesFailed={loadError} />
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              value={password}
              error={passwordError}
              onFocus={prefetchResetValidation}
              onChange={(event) => setPassword(event.target.value)}
            />
            <TextField
              label="Repeat the new password"
              type="password"
              autoComplete="new-password"
              value={repeat}
              error={repeatError}
              onChange={(event) => setRepeat(event.target.value)}
            />
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? 'Saving...' : 'Set new password'}
            </Button>
          </form>
        )}
        <Link to={confirm.isSuccess ? '/login' : '/forgot-password'}>{confirm.isSuccess ? 'Go to log in' : 'Request a new link'}</Link>
      </StyledAuthCard>
    </StyledAuthPage>
  );
}
