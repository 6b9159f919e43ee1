import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@app/shared';
import { deferred, signIn, uid, type MockRequest, type MockResponse } from '../../../../test/fetch-mock';
import { ADMIN_GROUP_ROW, ME, SALES_GROUP_ROW, STAFF_GROUP_ROW, TENANT, user } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import UsersPage from '../../../../pages/users-page';
import { usersApi } from './users-api';

const SAM = user(1, { full_name: 'Sam Staff', email: 'sam@example.com', is_staff: true, groups: [STAFF_GROUP_ROW] });

async function openAction(cardName: string, action: string) {
  const user$ = userEvent.setup();
  await user$.click(await screen.findByRole('button', { name: `Actions for ${cardName}` }));
  await user$.click(screen.getByRole('menuitem', { name: action }));
  return user$;
}

const NORTH = { id: uid(71), tenant_id: TENANT.id, name: 'North', member_ids: [uid(101)] };
const SOUTH = { id: uid(72), tenant_id: TENANT.id, name: 'South', member_ids: [uid(103)] };

/** The tenant's teams, and a PUT to one answered with its new members. */
function teamsApi({ method, path, body, query }: MockRequest): MockResponse | undefined {
  if (method === 'GET' && path === '/crm/teams' && query.get('tenant_id') === TENANT.id) return { body: [NORTH, SOUTH] };
  const team = [NORTH, SOUTH].find((candidate) => path === `/crm/teams/${candidate.id}`);
  if (method === 'PUT' && team) return { body: { ...team, ...(body as object) } };
  return undefined;
}

const sent = (calls: MockRequest[], method: string) => calls.filter((call) => call.method === method);

beforeEach(() => signIn());
afterEach(() => {
  dismissToast();
  window.localStorage.clear();
});

describe('Manage Groups', () => {
  it("shows the user and every group, then sends exactly the ticked groups' ids", async () => {
    const { calls } = usersApi([ME, SAM], ({ method, path }) =>
      method === 'PUT' && path === `/auth/users/${SAM.id}/groups` ? { body: { ...SAM, groups: [ADMIN_GROUP_ROW, SALES_GROUP_ROW] } } : undefined,
    );
    renderWithProviders(<UsersPage />);
    const user$ = await openAction('Sam Staff', 'Manage Groups');
    const dialog = screen.getByRole('dialog', { name: 'Manage Groups' });
    expect(within(dialog).getByText('Sam Staff')).toBeInTheDocument();
    expect(within(dialog).getByText('sam@example.com')).toBeInTheDocument();

    const admin = await within(dialog).findByRole('checkbox', { name: 'admin' });
    const staff = within(dialog).getByRole('checkbox', { name: 'staff' });
    const sales = within(dialog).getByRole('checkbox', { name: 'sales' });
    expect(within(dialog).getByText('Sales team')).toBeInTheDocument();
    expect([admin, staff, sales].map((box) => (box as HTMLInputElement).checked)).toEqual([false, true, false]);

    await user$.click(sales);
    await user$.click(admin);
    await user$.click(staff);
    await user$.click(within(dialog).getByRole('button', { name: 'Update Groups' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(calls, 'PUT')).toEqual([expect.objectContaining({ path: `/auth/users/${SAM.id}/groups`, body: [ADMIN_GROUP_ROW.id, SALES_GROUP_ROW.id] })]);
    expect(screen.getByTestId('toast')).toHaveTextContent('User groups updated successfully');
  });

  it("shows the server's reason, or the default, when the update fails", async () => {
    let answer = { status: 409, body: { detail: 'At least one active admin must remain. Make another user an admin first.' } as object };
    usersApi([ME, SAM], ({ method }) => (method === 'PUT' ? answer : undefined));
    renderWithProviders(<UsersPage />);
    const user$ = await openAction('Ada Admin', 'Manage Groups');
    const dialog = screen.getByRole('dialog', { name: 'Manage Groups' });
    await user$.click(await within(dialog).findByRole('checkbox', { name: 'admin' }));
    await user$.click(within(dialog).getByRole('button', { name: 'Update Groups' }));

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('At least one active admin must remain. Make another user an admin first.');
    // The dialog stays open so the choice can be corrected.
    expect(screen.getByRole('dialog', { name: 'Manage Groups' })).toBeInTheDocument();

    answer = { status: 500, body: {} };
    await user$.click(within(dialog).getByRole('button', { name: 'Update Groups' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Failed to update user groups'));
  });
});

describe('Add User', () => {
  it('checks the form, then creates the user with the chosen tenant and flags', async () => {
    const { calls } = usersApi([ME], ({ method, path, body }) =>
      method === 'POST' && path === '/auth/users' ? { status: 201, body: { ...user(5), ...(body as object), password: undefined } } : undefined,
    );
    const user$ = userEvent.setup();
    renderWithProviders(<UsersPage />);
    await user$.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });

    await user$.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(within(dialog).getByText('Email is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(sent(calls, 'POST')).toHaveLength(0);

    await user$.type(within(dialog).getByRole('textbox', { name: 'Full name' }), ' Nia New ');
    await user$.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'Nia@Example.com');
    await user$.type(within(dialog).getByLabelText('Password'), 'secret-123');
    await within(dialog).findByRole('option', { name: 'Acme Outreach' });
    await user$.selectOptions(within(dialog).getByRole('combobox', { name: 'Tenant' }), TENANT.id);
    expect(within(dialog).getByRole('checkbox', { name: 'Active' })).toBeChecked();
    await user$.click(within(dialog).getByRole('checkbox', { name: 'Staff' }));
    await user$.click(within(dialog).getByRole('button', { name: 'Create User' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(calls, 'POST')[0]!.body).toEqual({
      email: 'nia@example.com',
      full_name: 'Nia New',
      password: 'secret-123',
      tenant_id: TENANT.id,
      is_admin: false,
      is_staff: true,
      is_active: true,
      visibility: 'all',
    });
  }, 20_000);

  it('shows why the server refused, such as a taken email', async () => {
    usersApi([ME], ({ method }) => (method === 'POST' ? { status: 409, body: { detail: 'A user with this email already exists.' } } : undefined));
    const user$ = userEvent.setup();
    renderWithProviders(<UsersPage />);
    await user$.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await user$.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user$.type(within(dialog).getByLabelText('Password'), 'secret-123');
    await user$.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A user with this email already exists.');
  });

  it('keeps the busy submit button focusable and sends once', async () => {
    const answer = deferred<MockResponse>();
    const { calls } = usersApi([ME], ({ method }) => (method === 'POST' ? answer.promise : undefined));
    const user$ = userEvent.setup();
    renderWithProviders(<UsersPage />);
    await user$.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await user$.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'nia@example.com');
    await user$.type(within(dialog).getByLabelText('Password'), 'secret-123');
    await user$.click(within(dialog).getByRole('button', { name: 'Create User' }));
    const busy = await within(dialog).findByRole('button', { name: 'Saving...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveFocus();
    await user$.click(busy);
    expect(sent(calls, 'POST')).toHaveLength(1);
    answer.resolve({ status: 409, body: { detail: 'A user with this email already exists.' } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A user with this email already exists.');
    expect(within(dialog).getByRole('button', { name: 'Create User' })).toHaveFocus();
  });
});

describe('Edit User', () => {
  it('sends only the changed fields, and a password only when one is typed', async () => {
    const { calls } = usersApi([ME, SAM], ({ method, path, body }) =>
      method === 'PUT' && path === `/auth/users/${SAM.id}` ? { body: { ...SAM, ...(body as object), password: undefined } } : undefined,
    );
    renderWithProviders(<UsersPage />);
    const user$ = await openAction('Sam Staff', 'Edit User');
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue('sam@example.com');
    expect(within(dialog).getByRole('checkbox', { name: 'Staff' })).toBeChecked();

    const name = within(dialog).getByRole('textbox', { name: 'Full name' });
    await user$.clear(name);
    await user$.type(name, 'Samantha Staff');
    await user$.click(within(dialog).getByRole('checkbox', { name: 'Active' }));
    await user$.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(calls, 'PUT')[0]!.body).toEqual({ full_name: 'Samantha Staff', is_active: false });
  });

  it("shows the user's visibility with its help, and sends a new one alone", async () => {
    const { calls } = usersApi([ME, SAM], ({ method, path, body }) =>
      method === 'PUT' && path === `/auth/users/${SAM.id}` ? { body: { ...SAM, ...(body as object) } } : undefined,
    );
    renderWithProviders(<UsersPage />);
    const user$ = await openAction('Sam Staff', 'Edit User');
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    const visibility = within(dialog).getByRole('combobox', { name: 'Visibility' });
    expect(visibility).toHaveDisplayValue('All records');
    expect(visibility).toHaveAccessibleDescription(/Which prospects, leads and quotations of the tenant the user sees/);
    expect(
      within(visibility)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Own records', 'Team records', 'All records']);
    await user$.selectOptions(visibility, 'Own records');
    await user$.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(calls, 'PUT')[0]!.body).toEqual({ visibility: 'own' });
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const { calls } = usersApi([ME, SAM]);
    renderWithProviders(<UsersPage />);
    const user$ = await openAction('Sam Staff', 'Edit User');
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    await user$.type(within(dialog).getByLabelText('New password (optional)'), 'short');
    await user$.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(sent(calls, 'PUT')).toHaveLength(0);
  });
});

describe('Team', () => {
  it("shows the user's team and moves them to another through the teams API", async () => {
    const member = { ...SAM, tenant_id: TENANT.id };
    expect(member.id).toBe(NORTH.member_ids[0]);
    const { calls } = usersApi([ME, member], teamsApi);
    renderWithProviders(<UsersPage />);
    const user$ = await openAction('Sam Staff', 'Edit User');
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    const team = within(dialog).getByRole('combobox', { name: 'Team' });
    await waitFor(() => expect(team).toHaveDisplayValue('North'));
    expect(
      within(team)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No team', 'North', 'South']);
    await user$.selectOptions(team, 'South');
    await user$.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(calls, 'PUT')).toEqual([expect.objectContaining({ path: `/crm/teams/${SOUTH.id}`, body: { member_ids: [uid(103), member.id] } })]);
  });

  it('takes a user out of their team with No team', async () => {
    const { calls } = usersApi([ME, { ...SAM, tenant_id: TENANT.id }], teamsApi);
    renderWithProviders(<UsersPage />);
    const user$ = await openAction('Sam Staff', 'Edit User');
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    const team = within(dialog).getByRole('combobox', { name: 'Team' });
    await waitFor(() => expect(team).toHaveDisplayValue('North'));
    await user$.selectOptions(team, 'No team');
    await user$.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(calls, 'PUT')).toEqual([expect.objectContaining({ path: `/crm/teams/${NORTH.id}`, body: { member_ids: [] } })]);
  });

  it('puts a new user in the chosen team once they exist, and says so when the team cannot be set', async () => {
    let teamAnswer: MockResponse | undefined = undefined;
    const { calls } = usersApi([ME], (request) => {
      if (request.method === 'POST' && request.path === '/auth/users')
        return { status: 201, body: { ...user(5), ...(request.body as object), password: undefined } };
      if (request.method === 'PUT' && teamAnswer) return teamAnswer;
      return teamsApi(request);
    });
    const user$ = userEvent.setup();
    renderWithProviders(<UsersPage />);
    await user$.click(screen.getByRole('button', { name: 'Add User' }));
    let dialog = screen.getByRole('dialog', { name: 'Add User' });
    expect(within(dialog).queryByRole('combobox', { name: 'Team' })).not.toBeInTheDocument();
    await user$.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'nia@example.com');
    await user$.type(within(dialog).getByLabelText('Password'), 'secret-123');
    await within(dialog).findByRole('option', { name: 'Acme Outreach' });
    await user$.selectOptions(within(dialog).getByRole('combobox', { name: 'Tenant' }), TENANT.id);
    await within(dialog).findByRole('option', { name: 'South' });
    await user$.selectOptions(within(dialog).getByRole('combobox', { name: 'Team' }), 'South');
    await user$.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(calls, 'PUT')).toEqual([expect.objectContaining({ path: `/crm/teams/${SOUTH.id}`, body: { member_ids: [uid(103), user(5).id] } })]);

    teamAnswer = { status: 400, body: { detail: 'member_ids: not users of this tenant: x.' } };
    await user$.click(screen.getByRole('button', { name: 'Add User' }));
    dialog = screen.getByRole('dialog', { name: 'Add User' });
    await user$.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'omar@example.com');
    await user$.type(within(dialog).getByLabelText('Password'), 'secret-123');
    await user$.selectOptions(within(dialog).getByRole('combobox', { name: 'Tenant' }), TENANT.id);
    await within(dialog).findByRole('option', { name: 'South' });
    await user$.selectOptions(within(dialog).getByRole('combobox', { name: 'Team' }), 'South');
    await user$.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('User created without a team')).toBeInTheDocument();
    expect(screen.getByText('member_ids: not users of this tenant: x.')).toBeInTheDocument();
  }, 30_000);
});

describe('Delete', () => {
  it('asks first, then deletes the user', async () => {
    const list = [ME, SAM];
    const { calls } = usersApi(list, ({ method }) => {
      if (method !== 'DELETE') return undefined;
      list.pop();
      return { status: 204 };
    });
    renderWithProviders(<UsersPage />);
    const user$ = await openAction('Sam Staff', 'Delete');
    const dialog = screen.getByRole('dialog', { name: 'Delete User' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Sam Staff? This action cannot be undone.');

    await user$.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent(calls, 'DELETE')).toHaveLength(0);

    await user$.click(screen.getByRole('button', { name: 'Actions for Sam Staff' }));
    await user$.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user$.click(within(screen.getByRole('dialog', { name: 'Delete User' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(calls, 'DELETE')).toEqual([expect.objectContaining({ path: `/auth/users/${SAM.id}` })]);
    expect(screen.queryByRole('article', { name: 'Sam Staff' })).not.toBeInTheDocument();
    // Its menu button went with the card, so focus lands on the page title, not the document body.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toHaveFocus());
  });

  it('shows why the server refused to delete the last active admin', async () => {
    const other = user(2, { full_name: 'Otto Other', is_admin: true, groups: [ADMIN_GROUP_ROW] });
    usersApi([ME, other], ({ method }) =>
      method === 'DELETE' ? { status: 409, body: { detail: 'At least one active admin must remain. Make another user an admin first.' } } : undefined,
    );
    renderWithProviders(<UsersPage />);
    const user$ = await openAction('Otto Other', 'Delete');
    await user$.click(within(screen.getByRole('dialog', { name: 'Delete User' })).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('At least one active admin must remain.');
  });
});
