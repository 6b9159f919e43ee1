import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithShell } from '../../../../test/render';
import { platformButtonLabel, PlatformSelectPage } from '../platform-select-page';

describe('platformButtonLabel', () => {
  const platform = { id: 'p', name: 'Payofina', description: '', loginUrl: '', signupUrl: '' };
  it('says Continue with no choice, names the platform and action, and Redirecting... once pressed', () => {
    expect(platformButtonLabel('login', null, false)).toBe('Continue');
    expect(platformButtonLabel('login', platform, false)).toBe('Continue to Payofina Login');
    expect(platformButtonLabel('signup', platform, false)).toBe('Continue to Payofina Signup');
    expect(platformButtonLabel('signup', platform, true)).toBe('Redirecting...');
  });
});

describe('PlatformSelectPage', () => {
  it('in login mode offers every platform and keeps the button disabled until one is chosen', async () => {
    const user = userEvent.setup();
    renderWithShell(<PlatformSelectPage />, { route: '/platform-select', path: '/platform-select' });
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Open options' }));
    expect(screen.getAllByRole('option')).toHaveLength(2);
    await user.click(screen.getByRole('option', { name: /Payofina/ }));
    expect(screen.getByRole('button', { name: 'Continue to Payofina Login' })).toBeEnabled();
  });

  it('in signup mode offers only the finance platform, preselected', async () => {
    const user = userEvent.setup();
    renderWithShell(<PlatformSelectPage />, { route: '/platform-select?action=signup', path: '/platform-select' });
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Payofina Signup' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Open options' }));
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });

  it("shows 'No platforms found' when the search matches nothing", async () => {
    const user = userEvent.setup();
    renderWithShell(<PlatformSelectPage />, { route: '/platform-select', path: '/platform-select' });
    await user.type(screen.getByRole('combobox', { name: 'Platform' }), 'nothing-like-this');
    expect(screen.getByText('No platforms found')).toBeInTheDocument();
  });
});
