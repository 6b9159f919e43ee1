import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@app/shared';
import { signIn, type MockResponse } from '../../../../test/fetch-mock';
import { ME, SALES_GROUP_ROW, STAFF_GROUP_ROW, TENANT, user } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import UsersPage from '../../../../pages/users-page';
import { usersApi } from './users-api';

const USERS = [
  ME,
  user(1, { full_name: 'Sam Staff', email: 'sam@example.com', is_staff: true, tenant_id: TENANT.id, groups: [STAFF_GROUP_ROW, SALES_GROUP_ROW] }),
  user(2, { full_name: '', email: 'nameless@example.com', is_active: false, tenant_id: '00000000-0000-4000-8000-00000000ffff' }),
  user(3, { full_name: 'Ivy Inactive', email: 'ivy@example.com', is_active: false }),
];

function stat(label: string): string | null {
  const stats = screen.getByLabelText('User statistics');
  return within(stats).getByText(label).parentElement!.querySelector('dd')!.textContent;
}

beforeEach(() => signIn());
afterEach(() => {
  dismissToast();
  window.localStorage.clear();
});

describe('UsersPage', () => {
  it('says it is loading until the users arrive', () => {
    usersApi(new Promise<MockResponse>(() => {}));
    renderWithProviders(<UsersPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    expect(screen.getByText('Loading users...')).toBeInTheDocument();
  });

  it('counts total, active, admins, staff and inactive users', async () => {
    usersApi(USERS);
    renderWithProviders(<UsersPage />);
    expect(await screen.findByText('Showing 4 of 4 users')).toBeInTheDocument();
    expect(['Total Users', 'Active', 'Admins', 'Staff', 'Inactive'].map(stat)).toEqual(['4', '2', '1', '2', '2']);
  });

  it('searches by email or full name and filters by status and group', async () => {
    usersApi(USERS);
    const user$ = userEvent.setup();
    renderWithProviders(<UsersPage />);
    await screen.findByText('Showing 4 of 4 users');
    const search = screen.getByRole('searchbox', { name: 'Search users by email or full name' });

    await user$.type(search, 'SAM@');
    expect(screen.getByText('Showing 1 of 4 users')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Sam Staff' })).toBeInTheDocument();
    await user$.clear(search);
    await user$.type(search, 'ivy inac');
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Ivy Inactive']);
    await user$.clear(search);

    await user$.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'inactive');
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['nameless@example.com', 'Ivy Inactive']);
    await user$.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'all');
    await user$.selectOptions(screen.getByRole('combobox', { name: 'Group' }), 'admin');
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Ada Admin']);
    await user$.selectOptions(screen.getByRole('combobox', { name: 'Group' }), 'staff');
    expect(screen.getByText('Showing 2 of 4 users')).toBeInTheDocument();

    await user$.type(search, 'nobody at all');
    expect(screen.getByText('No users found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filter criteria')).toBeInTheDocument();

    await user$.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(search).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Group' })).toHaveValue('all');
    expect(screen.getByText('Showing 4 of 4 users')).toBeInTheDocument();
  });

  it('says when no users exist yet', async () => {
    usersApi([]);
    renderWithProviders(<UsersPage />);
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByText('No users have been created yet')).toBeInTheDocument();
  });

  it('shows badges, tenant names, join dates and coloured group badges', async () => {
    usersApi(USERS);
    renderWithProviders(<UsersPage />);

    const admin = await screen.findByRole('article', { name: 'Ada Admin' });
    expect(within(admin).getByText('AA')).toBeInTheDocument();
    expect(within(admin).getByText('Active')).toBeInTheDocument();
    expect(within(admin).getByText('Admin')).toBeInTheDocument();
    // Staff is implied for an admin and not repeated.
    expect(within(admin).queryByText('Staff')).not.toBeInTheDocument();
    expect(within(admin).getByText('No Tenant')).toBeInTheDocument();
    expect(within(admin).getByText('Mar 10, 2026')).toBeInTheDocument();
    const adminGroups = within(within(admin).getByRole('list', { name: 'Groups of Ada Admin' })).getAllByRole('listitem');
    expect(adminGroups.map((item) => item.textContent)).toEqual(['admin', 'staff']);

    const staff = screen.getByRole('article', { name: 'Sam Staff' });
    expect(within(staff).getByText('Staff')).toBeInTheDocument();
    expect(within(staff).queryByText('Admin')).not.toBeInTheDocument();
    expect(await within(staff).findByText('Acme Outreach')).toBeInTheDocument();
    expect(within(staff).getByRole('link', { name: 'sam@example.com' })).toHaveAttribute('href', 'mailto:sam@example.com');

    const nameless = screen.getByRole('article', { name: 'nameless@example.com' });
    expect(within(nameless).getByRole('heading', { name: 'No Name' })).toBeInTheDocument();
    expect(within(nameless).getByText('Inactive')).toBeInTheDocument();
    expect(within(nameless).getByText('Unknown Tenant')).toBeInTheDocument();
    expect(within(nameless).queryByRole('list')).not.toBeInTheDocument();
  });

  it('offers the four card actions, but not deleting your own account', async () => {
    usersApi(USERS);
    const user$ = userEvent.setup();
    renderWithProviders(<UsersPage />);
    await user$.click(await screen.findByRole('button', { name: 'Actions for Sam Staff' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Manage Groups', 'View Details', 'Edit User', 'Delete']);
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeEnabled();
    await user$.keyboard('{Escape}');

    await user$.click(screen.getByRole('button', { name: 'Actions for Ada Admin' }));
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeDisabled();
  });

  it('shows a user in the details dialog and goes on to edit', async () => {
    usersApi(USERS);
    const user$ = userEvent.setup();
    renderWithProviders(<UsersPage />);
    await screen.findByText('Acme Outreach');
    await user$.click(screen.getByRole('button', { name: 'Actions for Sam Staff' }));
    await user$.click(screen.getByRole('menuitem', { name: 'View Details' }));
    const dialog = screen.getByRole('dialog', { name: 'User Details' });
    expect(within(dialog).getByText('sam@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('Acme Outreach')).toBeInTheDocument();
    expect(within(dialog).getByText('sales')).toBeInTheDocument();
    expect(within(dialog).getByText(USERS[1]!.id)).toBeInTheDocument();
    await user$.click(within(dialog).getByRole('button', { name: 'Edit User' }));
    expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('Sam Staff');
  });

  it('shows the reason when the users cannot be loaded', async () => {
    usersApi(Promise.resolve({ status: 403, body: { detail: 'Admin privileges required.' } }));
    renderWithProviders(<UsersPage />);
    expect(await screen.findByText('Admin privileges required.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
