import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@app/shared';
import { signIn } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import EmailPage from '../../../../pages/email-page';
import { account, emailApi } from './email-accounts-api';

const SALES = account(1, { email_address: 'sales@orbitra.test', provider: 'zoho' });

beforeEach(() => signIn({ isAdmin: false }));
afterEach(() => {
  dismissToast();
  window.localStorage.clear();
  jest.restoreAllMocks();
});

async function openManage() {
  const user = userEvent.setup();
  renderWithProviders(<EmailPage />);
  await user.click(await screen.findByRole('button', { name: 'Manage Accounts' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Manage Email Accounts' }) };
}

describe('Manage Accounts', () => {
  it('asks for address and password before adding, and sends nothing until both are there', async () => {
    const { calls } = emailApi([SALES]);
    const { user, dialog } = await openManage();
    await user.click(within(dialog).getByRole('button', { name: 'Add Account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in email address and password');
    await user.type(within(dialog).getByLabelText('Email address'), 'new@orbitra.test');
    await user.click(within(dialog).getByRole('button', { name: 'Add Account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in email address and password');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('adds an account with the chosen provider, says so, and selects it', async () => {
    const { calls } = emailApi([SALES]);
    const { user, dialog } = await openManage();
    await user.type(within(dialog).getByLabelText('Email address'), 'New@Orbitra.test');
    await user.selectOptions(within(dialog).getByLabelText('Provider'), 'Yahoo Mail');
    await user.type(within(dialog).getByLabelText('Password'), ' p@ss word ');
    await user.click(within(dialog).getByRole('button', { name: 'Add Account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The provider brings its servers, and the save asks for the connection to be checked first.
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email_address: 'New@Orbitra.test',
      provider: 'yahoo',
      password: ' p@ss word ',
      imap_host: 'imap.mail.yahoo.com',
      imap_port: 993,
      imap_security: 'tls',
      smtp_host: 'smtp.mail.yahoo.com',
      smtp_port: 465,
      smtp_security: 'tls',
      save_sent: true,
      login_name: null,
      check_connection: true,
    });
    expect(screen.getByTestId('toast')).toHaveTextContent('Email account created successfully');
    expect(await screen.findByRole('heading', { level: 2, name: 'new@orbitra.test' })).toBeInTheDocument();
  });

  it('shows the server detail, or the default, when adding fails', async () => {
    let answer: { status: number; body?: unknown } = { status: 409, body: { detail: 'You already have an email account with this address.' } };
    emailApi([SALES], {}, ({ method }) => (method === 'POST' ? answer : undefined));
    const { user, dialog } = await openManage();
    await user.type(within(dialog).getByLabelText('Email address'), 'sales@orbitra.test');
    await user.type(within(dialog).getByLabelText('Password'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Add Account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You already have an email account with this address.');
    answer = { status: 500 };
    await user.click(within(dialog).getByRole('button', { name: 'Add Account' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to create email account'));
  });

  it('edits an account starting from an empty password, which keeps the stored one', async () => {
    const { calls } = emailApi([SALES]);
    const { user, dialog } = await openManage();
    await user.click(within(dialog).getByRole('button', { name: 'Edit sales@orbitra.test' }));
    const address = within(dialog).getByLabelText('Email address');
    expect(address).toHaveValue('sales@orbitra.test');
    expect(within(dialog).getByLabelText('Provider')).toHaveValue('zoho');
    expect(within(dialog).getByLabelText('New password (optional)')).toHaveValue('');
    await user.clear(address);
    await user.type(address, 'team@orbitra.test');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`/email/accounts/${SALES.id}`);
    expect(put?.body).toMatchObject({ email_address: 'team@orbitra.test', provider: 'zoho', check_connection: true });
    expect(put?.body).not.toHaveProperty('password');
    expect(screen.getByTestId('toast')).toHaveTextContent('Email account updated successfully');
  });

  it("deletes only after the app's own confirmation dialog, never the browser's confirm", async () => {
    const { calls } = emailApi([SALES]);
    const browserConfirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, dialog } = await openManage();
    await user.click(within(dialog).getByRole('button', { name: 'Delete sales@orbitra.test' }));
    let confirmation = await screen.findByRole('dialog', { name: 'Delete Email Account' });
    expect(confirmation).toHaveTextContent('Are you sure you want to delete the email account sales@orbitra.test? This action cannot be undone.');
    await user.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Email Account' })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete sales@orbitra.test' }));
    confirmation = await screen.findByRole('dialog', { name: 'Delete Email Account' });
    await user.click(within(confirmation).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Email account deleted successfully');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`/email/accounts/${SALES.id}`]);
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Delete sales@orbitra.test' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Delete Email Account' })).not.toBeInTheDocument();
    expect(browserConfirm).not.toHaveBeenCalled();
  });

  it('shows the default message when a delete fails without detail', async () => {
    emailApi([SALES], {}, ({ method }) => (method === 'DELETE' ? { status: 500 } : undefined));
    const { user, dialog } = await openManage();
    await user.click(within(dialog).getByRole('button', { name: 'Delete sales@orbitra.test' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Email Account' })).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to delete email account');
  });
});
