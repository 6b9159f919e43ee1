import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@app/shared';
import { signIn, type MockResponse } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import EmailPage from '../../../../pages/email-page';
import { account, emailApi } from './email-accounts-api';

const SALES = account(1, { email_address: 'sales@orbitra.test', provider: 'zoho' });
const SUPPORT = account(2, { email_address: 'support@orbitra.test', provider: 'outlook', is_active: false, last_revealed_at: '2026-03-09T08:00:00.000Z' });
const PASSWORDS = () => ({ [SALES.id]: 'sales-secret', [SUPPORT.id]: 'support-secret' });

const details = () => screen.getByRole('region', { name: /@orbitra\.test$/ });
const passwordCalls = (calls: Array<{ path: string }>) => calls.filter((call) => call.path.endsWith('/password'));

beforeEach(() => signIn({ isAdmin: false }));
afterEach(() => {
  dismissToast();
  window.localStorage.clear();
  jest.useRealTimers();
});

describe('EmailPage', () => {
  it('says it is loading, then shows an error with a retry when the list fails', async () => {
    emailApi([], {}, ({ path }) => (path === '/email/accounts' ? ({ status: 500 } as MockResponse) : undefined));
    renderWithProviders(<EmailPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Email Accounts' })).toBeInTheDocument();
    expect(screen.getByText('Loading email accounts...')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load email accounts');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('invites adding the first account when there are none, and shows How to Use', async () => {
    emailApi([]);
    const user = userEvent.setup();
    renderWithProviders(<EmailPage />);
    expect(await screen.findByText('No Email Accounts')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How to Use' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Email Account' }));
    expect(screen.getByRole('dialog', { name: 'Manage Email Accounts' })).toBeInTheDocument();
  });

  it('lists the accounts with provider and status, and shows the selected one', async () => {
    const { calls } = emailApi([SALES, SUPPORT], PASSWORDS());
    const user = userEvent.setup();
    renderWithProviders(<EmailPage />);
    const list = await screen.findByRole('list', { name: 'Email accounts' });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual(['sales@orbitra.testZoho MailActive', 'support@orbitra.testOutlookInactive']);
    expect(items[0]).toHaveAttribute('aria-pressed', 'true');
    expect(within(details()).getByRole('heading', { name: 'sales@orbitra.test' })).toBeInTheDocument();
    expect(within(details()).getByText('Never')).toBeInTheDocument();
    const link = await within(details()).findByRole('link', { name: 'Open Web Interface' });
    expect(link).toHaveAttribute('href', 'https://mail.zoho.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    await user.click(items[1]);
    expect(within(details()).getByRole('heading', { name: 'support@orbitra.test' })).toBeInTheDocument();
    expect(within(details()).getByText(/^March 9, 2026/)).toBeInTheDocument();
    expect(await within(details()).findByRole('link', { name: 'Open Web Interface' })).toHaveAttribute('href', 'https://outlook.live.com/mail');
    // Nothing asked for a password yet.
    expect(passwordCalls(calls)).toHaveLength(0);
  });

  it('fetches the password only when asked, hides it on Hide and when another account is selected', async () => {
    const { calls } = emailApi([SALES, SUPPORT], PASSWORDS());
    const user = userEvent.setup();
    renderWithProviders(<EmailPage />);
    await user.click(await screen.findByRole('button', { name: 'View Password' }));
    expect(await within(details()).findByText('sales-secret')).toBeInTheDocument();
    expect(passwordCalls(calls).map((call) => call.path)).toEqual([`/email/accounts/${SALES.id}/password`]);
    await user.click(screen.getByRole('button', { name: 'Hide Password' }));
    expect(screen.queryByText('sales-secret')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View Password' }));
    await screen.findByText('sales-secret');
    await user.click(screen.getByRole('button', { name: /^support@orbitra\.test/ }));
    expect(screen.queryByText('sales-secret')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Password' })).toBeInTheDocument();
  });

  it('hides a shown password after a minute', async () => {
    jest.useFakeTimers();
    emailApi([SALES], PASSWORDS());
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<EmailPage />);
    await user.click(await screen.findByRole('button', { name: 'View Password' }));
    await screen.findByText('sales-secret');
    act(() => jest.advanceTimersByTime(59_000));
    expect(screen.getByText('sales-secret')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.queryByText('sales-secret')).not.toBeInTheDocument();
  });

  it('copies the password (fetched for the copy) with a Copied indicator for 2 seconds and a toast', async () => {
    jest.useFakeTimers();
    emailApi([SALES], PASSWORDS());
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<EmailPage />);
    await user.click(await screen.findByRole('button', { name: 'Copy Password' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('sales-secret');
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Password copied to clipboard'));
    // Copied, not shown.
    expect(screen.queryByText('sales-secret')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1_999));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy Address' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('sales@orbitra.test');
  });

  it('says so when the clipboard refuses the password', async () => {
    emailApi([SALES], PASSWORDS());
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderWithProviders(<EmailPage />);
    await user.click(await screen.findByRole('button', { name: 'Copy Password' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Failed to copy password');
    expect(screen.queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument();
  });

  it('says the web interface is not available for a provider without one', async () => {
    emailApi([account(3, { provider: 'aol' })]);
    const user = userEvent.setup();
    renderWithProviders(<EmailPage />);
    const button = await screen.findByRole('button', { name: 'Open Web Interface' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(screen.getByTestId('toast')).toHaveTextContent('Web interface URL not available for this provider.');
  });
});
