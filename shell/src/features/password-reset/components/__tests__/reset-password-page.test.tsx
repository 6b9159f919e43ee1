import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_REQUIRED } from '@app/shared/contracts';
import { renderWithShell } from '../../../../test/render';
import { ResetPasswordPage } from '../reset-password-page';

// The server's answer to every call (jsdom has no Response): the CSRF warm-up and the request itself.
const answered = () =>
  jest.fn(async () => ({ ok: true, status: 200, text: async () => JSON.stringify({ message: 'Password changed.' }) }) as unknown as Response);

async function submit(password: string, repeat = password) {
  const user = userEvent.setup();
  renderWithShell(<ResetPasswordPage />, { route: '/reset-password?token=reset-token', path: '/reset-password' });
  if (password) await user.type(screen.getByLabelText('New password'), password);
  if (repeat) await user.type(screen.getByLabelText('Repeat the new password'), repeat);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordPage', () => {
  it("refuses a password shorter than the contract's minimum beside the field, without calling the server", async () => {
    const fetchMock = answered();
    globalThis.fetch = fetchMock;
    await submit('x'.repeat(PASSWORD_MIN_LENGTH - 1));
    expect(screen.getByText(`Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a password when none is typed', async () => {
    const fetchMock = answered();
    globalThis.fetch = fetchMock;
    await submit('');
    expect(screen.getByText(PASSWORD_REQUIRED)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses a password longer than the contract's maximum", async () => {
    const fetchMock = answered();
    globalThis.fetch = fetchMock;
    const user = userEvent.setup();
    renderWithShell(<ResetPasswordPage />, { route: '/reset-password?token=reset-token', path: '/reset-password' });
    // Pasted, not typed key by key: a few hundred characters.
    await user.click(screen.getByLabelText('New password'));
    await user.paste('x'.repeat(PASSWORD_MAX_LENGTH + 1));
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText(`Password must be at most ${PASSWORD_MAX_LENGTH} characters.`)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses two different passwords', async () => {
    const fetchMock = answered();
    globalThis.fetch = fetchMock;
    await submit('x'.repeat(PASSWORD_MIN_LENGTH), 'y'.repeat(PASSWORD_MIN_LENGTH));
    expect(screen.getByText('The two passwords do not match.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends a password of exactly the contract's minimum with the link's token", async () => {
    const fetchMock = answered();
    globalThis.fetch = fetchMock;
    await submit('x'.repeat(PASSWORD_MIN_LENGTH));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    const sent = (fetchMock.mock.calls as unknown as Array<[string, RequestInit]>).filter(([url]) => url.includes('/auth/password-reset'));
    expect(sent).toHaveLength(1);
    const [, init] = sent[0];
    expect(JSON.parse(String(init.body))).toEqual({ token: 'reset-token', password: 'x'.repeat(PASSWORD_MIN_LENGTH) });
  });
});
