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
    expect(screen.getAllByText('Validation Error')).toHaveLength(1);
    expect(screen.getAllByText(/Please enter both email and password\./)).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a refused sign-in once, beside the form', async () => {
    globalThis.fetch = jest.fn(
      async () => new Response(JSON.stringify({ detail: 'Invalid credentials' }), { status: 401, headers: { 'Content-Type': 'application/json' } }),
    );
    const user = userEvent.setup();
    renderWithShell(<LoginPage />, { route: '/login', path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login Failed Invalid email or password. Please try again.');
    expect(screen.getAllByText('Login Failed')).toHaveLength(1);
    expect(screen.getAllByText(/Invalid email or password/)).toHaveLength(1);
  });

  it('links to forgot password and sign up', () => {
    renderWithShell(<LoginPage />, { route: '/login', path: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });
});
