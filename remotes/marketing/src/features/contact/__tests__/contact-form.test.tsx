import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { currentToast, dismissToast } from '@app/shared';
import { renderWithProviders } from '../../../test-utils/render-page';
import { ContactForm } from '../components/contact-form';
import { loadContactValidation } from '../hooks/use-contact-form';

interface FakeAnswer {
  status: number;
  body?: unknown;
}

const fetchMock = jest.fn();

function answer({ status, body }: FakeAnswer) {
  return { ok: status >= 200 && status < 300, status, text: async () => (body === undefined ? '' : JSON.stringify(body)) };
}

/** Routes the API client's calls: the CSRF warm-up answers empty, the contact call as the test says. */
function respondWith(contact: () => Promise<unknown>) {
  fetchMock.mockImplementation((url: string) => (url.endsWith('/support/contact') ? contact() : Promise.resolve(answer({ status: 200 }))));
}

function contactCalls() {
  return fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/support/contact'));
}

function fill(label: RegExp | string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValid() {
  fill(/^First name/, ' Ada ');
  fill(/^Last name/, 'Lovelace');
  fill(/^Email/, 'ada@example.com');
  fill(/^Message/, 'We need payroll for 25 people.');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: /Send message|Sending/ }));

// The form loads its rules on first use. The first load in a test file compiles zod and the
// contracts, which on a cold Jest cache takes longer than waitFor's one second: done here, it
// cannot make the first test's assertions time out, and the form still loads them the same way.
beforeAll(() => loadContactValidation());

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  dismissToast();
});

describe('ContactForm', () => {
  it('shows each required-field message beside its field and sends nothing', async () => {
    renderWithProviders(<ContactForm />);
    submit();
    await waitFor(() => expect(screen.getByLabelText(/^First name/)).toHaveAccessibleDescription('First name is required'));
    expect(screen.getByLabelText(/^Last name/)).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText(/^Message/)).toHaveAccessibleDescription('Message is required');
    expect(screen.getByLabelText(/^First name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Company')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^First name/)).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('flags a malformed email and clears the message once it is fixed', async () => {
    renderWithProviders(<ContactForm />);
    fillValid();
    fill(/^Email/, 'ada@');
    submit();
    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email).toHaveAccessibleDescription('Must be a valid email address.'));
    expect(email).toHaveFocus();
    fill(/^Email/, 'ada@example.com');
    expect(email).not.toHaveAccessibleDescription('Must be a valid email address.');
  });

  it('offers the five services', () => {
    renderWithProviders(<ContactForm />);
    const values = Array.from(screen.getByLabelText('Service').querySelectorAll('option')).map((option) => option.value);
    expect(values).toEqual(['', 'payofina', 'web', 'mobile', 'integration', 'consulting']);
  });

  it('is busy while sending, cannot send twice, then toasts success for 4 s and clears', async () => {
    let resolve!: (value: unknown) => void;
    respondWith(() => new Promise((done) => (resolve = done)));
    renderWithProviders(<ContactForm />);
    fillValid();
    fireEvent.change(screen.getByLabelText('Service'), { target: { value: 'payofina' } });
    submit();

    const button = await screen.findByRole('button', { name: /Sending/ });
    expect(button).toBeDisabled();
    submit();
    fireEvent.submit(button.closest('form')!);
    await waitFor(() => expect(contactCalls()).toHaveLength(1));

    const [url, init] = contactCalls()[0];
    expect(url).toBe('/api/v1/support/contact');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      message: 'We need payroll for 25 people.',
      service: 'payofina',
    });

    await act(async () => resolve(answer({ status: 200, body: { message: 'Thanks, Ada! We will reply soon.' } })));

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Success');
    expect(toast).toHaveTextContent('Thanks, Ada! We will reply soon.');
    expect(currentToast()).toMatchObject({ variant: 'success', duration: 4000 });
    expect(screen.getByLabelText(/^First name/)).toHaveValue('');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('');
    expect(screen.getByLabelText('Service')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('uses the default thanks when the server sends an empty message', async () => {
    respondWith(async () => answer({ status: 200, body: { message: '' } }));
    renderWithProviders(<ContactForm />);
    fillValid();
    submit();
    expect(await screen.findByTestId('toast')).toHaveTextContent('Thank you for your message! We will get back to you soon.');
  });

  it("shows the server's detail on a rejected message and keeps what was typed", async () => {
    respondWith(async () => answer({ status: 429, body: { detail: 'Too many messages. Please try again later.' } }));
    renderWithProviders(<ContactForm />);
    fillValid();
    submit();
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Too many messages. Please try again later.');
    expect(currentToast()).toMatchObject({ variant: 'destructive', duration: 4000 });
    expect(screen.getByLabelText(/^Last name/)).toHaveValue('Lovelace');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('falls back to the generic text when the error has no detail', async () => {
    respondWith(async () => answer({ status: 500 }));
    renderWithProviders(<ContactForm />);
    fillValid();
    submit();
    expect(await screen.findByTestId('toast')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('reports a network failure', async () => {
    respondWith(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<ContactForm />);
    fillValid();
    submit();
    expect(await screen.findByTestId('toast')).toHaveTextContent('Network error. Please try again.');
  });

  it('limits every visible field and hides the honeypot from people', () => {
    renderWithProviders(<ContactForm />);
    expect(screen.getByLabelText(/^First name/)).toHaveAttribute('data-max-characters', '100');
    expect(screen.getByLabelText(/^Last name/)).toHaveAttribute('data-max-characters', '100');
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('data-max-characters', '254');
    expect(screen.getByLabelText('Company')).toHaveAttribute('data-max-characters', '200');
    expect(screen.getByLabelText(/^Message/)).toHaveAttribute('data-max-characters', '5000');
    const trap = document.querySelector('input[name="website"]')!;
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
