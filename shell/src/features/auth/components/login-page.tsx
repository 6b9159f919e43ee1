import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { ApiError, Button, MutedText, TextField, useSession } from '@app/shared';
import { useLogin } from '../api/login';
import { StyledAuthCard, StyledAuthLinks, StyledAuthPage, StyledFormError } from '../../../components/auth-card';

export function LoginPage() {
  const { isAuthenticated } = useSession();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Shown once, beside the form and kept there until the next try (no toast repeating it).
  const [error, setError] = useState<{ title: string; message: string } | null>(null);

  useEffect(() => {
    document.title = 'Log in | Orbitra Group';
  }, []);

  if (isAuthenticated && !loginMutation.isPending) return <Navigate to="/crm" replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError({ title: 'Validation Error', message: 'Please enter both email and password.' });
      return;
    }
    setError(null);
    loginMutation.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => navigate('/crm', { replace: true }),
        onError: (failure) => {
          const throttled = failure instanceof ApiError && failure.status === 429;
          const message = throttled && failure.detail ? failure.detail : 'Invalid email or password. Please try again.';
          setError({ title: 'Login Failed', message });
        },
      },
    );
  };

  return (
    <StyledAuthPage>
      <StyledAuthCard>
        <h1>Log in</h1>
        <MutedText>Sign in to the Orbitra staff workspace.</MutedText>
        <form onSubmit={onSubmit} noValidate aria-label="Log in">
          {error && (
            <StyledFormError role="alert">
              <strong>{error.title}</strong> {error.message}
            </StyledFormError>
          )}
          <TextField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" disabled={loginMutation.isPending}>
            {loginMutation.isPending ? 'Signing in...' : 'Sign in'}
          </Button>
        </form>
        <StyledAuthLinks>
          <Link to="/forgot-password">Forgot password?</Link>
          <span>
            No account? <Link to="/signup">Sign up</Link>
          </span>
        </StyledAuthLinks>
        <Link to="/">← Back to the website</Link>
      </StyledAuthCard>
    </StyledAuthPage>
  );
}
