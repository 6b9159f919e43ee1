import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMAIL_REQUIRED, PASSWORD_RESET_REQUESTED_MESSAGE } from '@app/shared/contracts';
import { renderWithShell } from '../../../../test/render';
import { ForgotPasswordPage } from '../forgot-password-page';

// The server's answer to every call (jsdom has no Response): the CSRF warm-up and the request itself.
const answered = () =>
  jest.fn(async () => ({ ok: true, status: 200, text: async () => JSON.stringify({ message: PASSWORD_RESET_REQUESTED_MESSAGE }) }) as unknown as Response);

async function submit(email: string) {
  const user = userEvent.setup();
  renderWithShell(<ForgotPasswordPage />, { route: '/forgot-password', path: '/forgot-password' });
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('ForgotPasswordPage', () => {
  // Each of these passes a looser "something@something.something" pattern; the contract refuses them.
  it.each(['ada@@engines.example', 'ada,lovelace@engines.example', 'ada@engines.x'])(
    'refuses %s with the contract’s message, without calling the server',
    async (email) => {
      const fetchMock = answered();
      globalThis.fetch = fetchMock;
      await submit(email);
      expect(screen.getByText('Must be a valid email address.')).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('asks for an address when none is typed', async () => {
    const fetchMock = answered();
    globalThis.fetch = fetchMock;
    await submit('');
    expect(screen.getByText(EMAIL_REQUIRED)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the address as the server keeps it, trimmed and in lower case', async () => {
    const fetchMock = answered();
    globalThis.fetch = fetchMock;
    await submit('  Ada@Engines.Example ');
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_RESET_REQUESTED_MESSAGE);
    const sent = (fetchMock.mock.calls as unknown as Array<[string, RequestInit]>).filter(([url]) => url.includes('/auth/password-reset'));
    expect(sent).toHaveLength(1);
    const [, init] = sent[0];
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ada@engines.example' });
  });
});
