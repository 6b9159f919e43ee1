import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { Button, platforms, SIGNUP_PLATFORM_ID, siteConfig, type PlatformOption } from '@app/shared';
// From its own entry: the staff entry's other parts (the tenant list with react-query) would come along.
import { Combobox } from '@app/shared/ui/combobox';

const StyledPage = styled.main`
  min-height: 100vh;
  display: grid;
  grid-template-columns: 1fr;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr 1fr;
  }
`;

const StyledPanel = styled.section`
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(8)};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: ${({ theme }) => theme.space(4)};
  h1 { font-size: clamp(2rem, 4vw, 2.75rem); margin: 0; }
  p { margin: 0; max-width: 28rem; }
  ul { margin: 0; padding-left: 1.2rem; }
  a { color: inherit; }
`;

const StyledForm = styled.section`
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(6)};
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: ${({ theme }) => theme.space(5)};
  max-width: 30rem;
  width: 100%;
  margin: 0 auto;
  h2 { margin: 0; }
`;

export type PlatformAction = 'login' | 'signup';

export function platformButtonLabel(action: PlatformAction, platform: PlatformOption | null, redirecting: boolean) {
  if (redirecting) return 'Redirecting...';
  if (!platform) return 'Continue';
  return `Continue to ${platform.name} ${action === 'signup' ? 'Signup' : 'Login'}`;
}

export function PlatformSelectPage() {
  const [params] = useSearchParams();
  const action: PlatformAction = params.get('action') === 'signup' ? 'signup' : 'login';
  const offered = useMemo(() => (action === 'signup' ? platforms.filter((p) => p.id === SIGNUP_PLATFORM_ID) : platforms), [action]);
  const [selected, setSelected] = useState<PlatformOption | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => {
    setSelected(action === 'signup' ? (offered[0] ?? null) : null);
    setRedirecting(false);
    document.title = `${action === 'signup' ? 'Sign up' : 'Log in'} | ${siteConfig.brand}`;
  }, [action, offered]);

  const go = () => {
    if (!selected) return;
    setRedirecting(true);
    // A full page navigation: the target may be another site.
    window.location.assign(action === 'signup' ? selected.signupUrl : selected.loginUrl);
  };

  return (
    <StyledPage>
      <StyledPanel>
        <h1>{action === 'signup' ? 'Create Account' : 'Welcome Back'}</h1>
        <p>
          {action === 'signup'
            ? `Start with ${siteConfig.product.name}: payroll, analytics and HR in one secure platform.`
            : `Choose the platform you want to sign in to. Every ${siteConfig.brand} service keeps your data safe.`}
        </p>
        <ul>
          <li>{siteConfig.claims.support} support</li>
          <li>{siteConfig.claims.uptime} uptime</li>
          <li>{siteConfig.claims.projects} projects delivered</li>
        </ul>
        <Link to="/">← Back to the website</Link>
      </StyledPanel>
      <StyledForm aria-labelledby="platform-heading">
        <h2 id="platform-heading">{action === 'signup' ? 'Sign up' : 'Sign in'}</h2>
        <Combobox
          label="Platform"
          items={offered}
          selectedItem={selected}
          onSelect={setSelected}
          getName={(p) => p.name}
          getDescription={(p) => p.description}
          getKey={(p) => p.id}
          placeholder="Search platforms"
          emptyText="No platforms found"
        />
        <Button onClick={go} disabled={!selected || redirecting}>
          {platformButtonLabel(action, selected, redirecting)}
        </Button>
        <p>
          {action === 'signup' ? (
            <>
              Already have an account? <Link to="/platform-select?action=login">Sign in</Link>
            </>
          ) : (
            <>
              New here? <Link to="/platform-select?action=signup">Sign up</Link>
            </>
          )}
        </p>
      </StyledForm>
    </StyledPage>
  );
}
