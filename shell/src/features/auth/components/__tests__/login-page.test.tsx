import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithShell } from '../../../../test/render';
import { LoginPage } from '../login-page';

describe('LoginPage', () => {
  beforeEach(() => localStorage.clear());

  it('asks for both fields before calling the server', async () => {
    const fetchMock = jest.fn();
    globalThis.fetch = fetchMock;
    const user = userEvent.setup();
    renderWithShell(<LoginPage />, { route: '/login', path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Validation Error')).toBeInTheDocument();
    expect(screen.getAllByText('Please enter both email and password.').length).toBeGreaterThan(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('links to forgot password and sign up', () => {
    renderWithShell(<LoginPage />, { route: '/login', path: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });
});
