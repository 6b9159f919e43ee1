import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@app/shared';
import type { Team, User } from '@app/shared/forms';
import { mockFetch, NOW, uid } from '../../../../test/fetch-mock';
import { TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ManageTeamsDialog } from '../manage-teams-dialog';

function user(n: number, fullName: string, overrides: Partial<User> = {}): User {
  return {
    id: uid(300 + n),
    email: `${fullName.split(' ')[0].toLowerCase()}@example.com`,
    full_name: fullName,
    is_active: true,
    is_admin: false,
    is_staff: true,
    tenant_id: TENANT_ID,
    created_at: NOW,
    groups: [],
    visibility: 'all',
    ...overrides,
  };
}

const MAYA = user(1, 'Maya Patel');
const JONAS = user(2, 'Jonas Berg');
const LUCIA = user(3, 'Lucia Alvarez');
// Another tenant's user: the member picker must not offer them.
const STRANGER = user(4, 'Stan Stranger', { tenant_id: uid(999) });

const team = (n: number, name: string, members: User[]): Team => ({ id: uid(400 + n), tenant_id: TENANT_ID, name, member_ids: members.map((m) => m.id) });

function setup(teams: Team[]) {
  const network = mockFetch(({ method, path, body }) => {
    if (method === 'GET' && path === '/crm/teams') return { body: teams };
    if (method === 'GET' && path === '/auth/users') return { body: [MAYA, JONAS, LUCIA, STRANGER] };
    if (method === 'POST' && path === '/crm/teams') return { status: 201, body: { id: uid(499), member_ids: [], ...(body as object) } };
    if (method === 'PUT') return { body: { ...teams[0], ...(body as object) } };
    if (method === 'DELETE') return { body: { message: 'Team deleted.' } };
    return undefined;
  });
  const user$ = userEvent.setup();
  renderWithProviders(<ManageTeamsDialog tenantId={TENANT_ID} onDismiss={jest.fn()} />);
  return { ...network, user$ };
}

afterEach(() => dismissToast());

describe('ManageTeamsDialog', () => {
  it("lists the tenant's teams with their members by name", async () => {
    setup([team(1, 'Inbound', [MAYA, JONAS]), team(2, 'Outbound', [])]);
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['Inbound', 'Outbound']);
    const members = within(rows[0]).getByRole('group', { name: 'Members of Inbound' });
    expect(members).toHaveTextContent('Jonas Berg');
    expect(members).toHaveTextContent('Maya Patel');
    expect(rows[1]).toHaveTextContent('No members');
  });

  it('creates the first team with members picked from the tenant users only', async () => {
    const { user$, calls } = setup([]);
    expect(await screen.findByText('No Teams')).toBeInTheDocument();
    await user$.click(screen.getByRole('button', { name: 'Create First Team' }));
    const form = screen.getByRole('dialog', { name: 'Add Team' });
    await user$.click(within(form).getByRole('button', { name: 'Create Team' }));
    expect(within(form).getByText('Team name is required. Please enter a name for the team.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user$.type(within(form).getByRole('textbox', { name: 'Name' }), '  Inbound ');
    const picker = within(form).getByRole('combobox', { name: 'Add member' });
    await user$.click(picker);
    expect(
      within(form)
        .getAllByRole('option')
        .map((option) => option.firstChild?.textContent),
    ).toEqual(['Maya Patel', 'Jonas Berg', 'Lucia Alvarez']);
    await user$.type(picker, 'luc');
    await user$.click(within(form).getByRole('option', { name: /Lucia Alvarez/ }));
    await user$.click(picker);
    await user$.click(within(form).getByRole('option', { name: /Maya Patel/ }));
    expect(
      within(within(form).getByRole('list', { name: 'Members' }))
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Lucia Alvarez', 'Maya Patel']);
    await user$.click(within(form).getByRole('button', { name: 'Create Team' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ tenant_id: TENANT_ID, name: 'Inbound', member_ids: [LUCIA.id, MAYA.id] });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Team' })).not.toBeInTheDocument());
  });

  it('says which team a user would move from, and renames and re-staffs a team', async () => {
    const inbound = team(1, 'Inbound', [MAYA, JONAS]);
    const { user$, calls } = setup([inbound, team(2, 'Outbound', [LUCIA])]);
    await user$.click(await screen.findByRole('button', { name: 'Edit Inbound' }));
    const form = screen.getByRole('dialog', { name: 'Edit Team' });
    await user$.click(within(form).getByRole('button', { name: 'Remove Jonas Berg' }));
    await user$.click(within(form).getByRole('combobox', { name: 'Add member' }));
    expect(within(form).getByRole('option', { name: /Lucia Alvarez/ })).toHaveTextContent('lucia@example.com · now in Outbound');
    expect(within(form).getByRole('option', { name: /Jonas Berg/ })).not.toHaveTextContent('now in');
    await user$.click(within(form).getByRole('option', { name: /Lucia Alvarez/ }));
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user$.clear(name);
    await user$.type(name, 'Inbound North');
    await user$.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe(`/crm/teams/${inbound.id}`);
    expect(put.body).toEqual({ name: 'Inbound North', member_ids: [MAYA.id, LUCIA.id] });
  });

  it('shows why the server refused, such as a taken name', async () => {
    const { user$ } = setup([team(1, 'Inbound', [])]);
    mockFetch(({ method, path }) => {
      if (method === 'GET' && path === '/crm/teams') return { body: [team(1, 'Inbound', [])] };
      if (method === 'GET' && path === '/auth/users') return { body: [MAYA] };
      if (method === 'POST') return { status: 409, body: { detail: 'A team with this name already exists.' } };
      return undefined;
    });
    await user$.click(await screen.findByRole('button', { name: 'Add Team' }));
    const form = screen.getByRole('dialog', { name: 'Add Team' });
    await user$.type(within(form).getByRole('textbox', { name: 'Name' }), 'inbound');
    await user$.click(within(form).getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByText('A team with this name already exists.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Team' })).toBeInTheDocument();
  });

  it('confirms before deleting', async () => {
    const outbound = team(2, 'Outbound', [LUCIA]);
    const { user$, calls } = setup([outbound]);
    await user$.click(await screen.findByRole('button', { name: 'Delete Outbound' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Team' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this team?');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user$.click(within(confirm).getByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(`/crm/teams/${outbound.id}`));
  });
});
