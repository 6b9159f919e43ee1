import { fireEvent, screen, waitFor } from '@testing-library/react';
import { dismissToast } from '@app/shared';
import { renderWithProviders } from '../../../test-utils/render-page';
import { ContactForm } from '../components/contact-form';

// The rules' code could not be fetched (the visitor was offline when the form first asked for it), and
// the browser keeps that failure until a reload.
jest.mock('../contact-validation', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const fetchMock = jest.fn();

function answer(status: number, body?: unknown) {
  return { ok: status >= 200 && status < 300, status, text: async () => (body === undefined ? '' : JSON.stringify(body)) };
}

function contactBodies() {
  return fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/support/contact')).map(([, init]) => JSON.parse(String(init.body)));
}

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  dismissToast();
});

/** Renders the form, answers the contact call with `contact`, types the four required fields and sends. */
function send(contact: ReturnType<typeof answer>, typed: { email: string; message: string }) {
  fetchMock.mockImplementation((url: string) => Promise.resolve(url.endsWith('/support/contact') ? contact : answer(200)));
  renderWithProviders(<ContactForm />);
  fill(/^First name/, 'Ann');
  fill(/^Last name/, 'Lee');
  fill(/^Email/, typed.email);
  fill(/^Message/, typed.message);
  fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
}

describe('ContactForm without its rules', () => {
  it('still sends the message as typed, once the connection is back', async () => {
    send(answer(201, { message: 'Thank you for your message! We will get back to you soon.' }), {
      email: 'ann.lee@example.com',
      message: 'Payroll for 12 people, please.',
    });
    expect(await screen.findByTestId('toast')).toHaveTextContent('Thank you for your message!');
    expect(contactBodies()).toEqual([{ firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@example.com', message: 'Payroll for 12 people, please.' }]);
    await waitFor(() => expect(screen.getByLabelText(/^First name/)).toHaveValue(''));
  });

  it("shows the server's check of a wrong field and keeps what was typed", async () => {
    send(answer(400, { detail: 'email: must be a valid email address' }), { email: 'ann.lee@', message: 'Hello' });
    expect(await screen.findByTestId('toast')).toHaveTextContent('email: must be a valid email address');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ann.lee@');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('Hello');
  });
});
