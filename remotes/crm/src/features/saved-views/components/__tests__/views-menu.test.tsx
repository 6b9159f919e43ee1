import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, dismissToast, setSession } from '@app/shared';
import type { SavedView } from '@app/shared/forms';
import { mockFetch, NOW, uid } from '../../../../test/fetch-mock';
import { TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ViewsMenu } from '../views-menu';

const ME = uid(901);
const COLLEAGUE = uid(902);

function view(n: number, overrides: Partial<SavedView>): SavedView {
  return {
    id: uid(950 + n),
    tenant_id: TENANT_ID,
    user_id: ME,
    user_name: 'Me Myself',
    name: `View ${n}`,
    target: 'prospects',
    query: {},
    shared: false,
    created_at: NOW,
    ...overrides,
  };
}

const views = [
  view(1, { name: 'Acme calls', query: { q: 'acme', status_id: uid(101) } }),
  view(2, { name: 'Dentists', shared: true, query: { q: 'dental' } }),
  view(3, { name: 'Team hot list', user_id: COLLEAGUE, user_name: 'Sam Colleague', shared: true, query: { invalid_phone: 'true' } }),
];

function setup(onCreate?: (body: unknown) => { status?: number; body: unknown }) {
  const network = mockFetch(({ method, path, body }) => {
    if (method === 'GET' && path === '/crm/views') return { body: views };
    if (method === 'POST' && path === '/crm/views') return onCreate?.(body) ?? { status: 201, body: { ...view(9, {}), ...(body as object) } };
    if (method === 'DELETE' && path.startsWith('/crm/views/')) return { body: { message: 'View deleted.' } };
    return undefined;
  });
  const onApply = jest.fn();
  renderWithProviders(<ViewsMenu tenantId={TENANT_ID} target="prospects" query={{ q: 'north', status_id: uid(102) }} onApply={onApply} />);
  return { ...network, onApply, user: userEvent.setup() };
}

const openMenu = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Views' }));

beforeEach(() =>
  setSession('token', {
    _id: ME,
    email: 'me@example.com',
    full_name: 'Me Myself',
    groups: [],
    is_admin: false,
    is_staff: true,
    created_at: NOW,
    visibility: 'all',
    team_id: null,
  }),
);
afterEach(() => {
  clearSession();
  dismissToast();
});

describe('ViewsMenu', () => {
  it("lists the user's views and the team's shared ones, naming who shared them; picking one applies its query", async () => {
    const { user, onApply, calls } = setup();
    await waitFor(() => expect(calls.some((call) => call.path === '/crm/views')).toBe(true));
    expect(calls.find((call) => call.path === '/crm/views')!.query.get('target')).toBe('prospects');
    await openMenu(user);
    // The menu fills in as the views arrive.
    await screen.findByRole('menuitem', { name: 'Acme calls' });
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Save current view…',
      'Acme calls',
      'Dentists (shared)',
      'Team hot list (shared by Sam Colleague)',
      'Delete "Acme calls"…',
      'Delete "Dentists"…',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Team hot list (shared by Sam Colleague)' }));
    expect(onApply).toHaveBeenCalledWith({ invalid_phone: 'true' });
  });

  it('saves the current view under a name, shared with the team when ticked', async () => {
    const { user, calls } = setup();
    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'Save current view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save current view' });
    await user.click(screen.getByRole('button', { name: 'Save View' }));
    expect(await screen.findByText('A view needs a name.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  North callbacks ');
    await user.click(screen.getByRole('checkbox', { name: 'Share with my team' }));
    await user.click(screen.getByRole('button', { name: 'Save View' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      tenant_id: TENANT_ID,
      name: 'North callbacks',
      shared: true,
      target: 'prospects',
      query: { q: 'north', status_id: uid(102) },
    });
    expect(await screen.findByText('View saved')).toBeInTheDocument();
  });

  it('shows a name already taken under the name field', async () => {
    const { user } = setup(() => ({ status: 409, body: { detail: 'name: you already have a view with this name here' } }));
    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'Save current view…' }));
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Acme calls');
    await user.click(screen.getByRole('button', { name: 'Save View' }));
    expect(await screen.findByText('You already have a view with this name here.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Save current view' })).toBeInTheDocument();
  });

  it('deletes one of the user’s views after confirmation', async () => {
    const { user, calls } = setup();
    await openMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Delete "Dentists"…' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete View' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete the view "Dentists"?');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(`/crm/views/${views[1]!.id}`));
    expect(await screen.findByText('View deleted')).toBeInTheDocument();
  });
});
