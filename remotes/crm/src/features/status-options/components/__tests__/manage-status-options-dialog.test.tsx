import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@app/shared';
import { type StatusOption } from '@app/shared/forms';
import { mockFetch } from '../../../../test/fetch-mock';
import { statusOption, TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ManageStatusOptionsDialog } from '../manage-status-options-dialog';

function setup(options: StatusOption[]) {
  const network = mockFetch(({ method, path, body }) => {
    if (method === 'GET' && path === '/crm/status-options') return { body: options };
    if (method === 'PUT') return { body: { ...options[0], ...(body as object) } };
    if (method === 'POST') return { status: 201, body: { ...statusOption(9), ...(body as object) } };
    return undefined;
  });
  const user = userEvent.setup();
  renderWithProviders(<ManageStatusOptionsDialog tenantId={TENANT_ID} onDismiss={jest.fn()} />);
  return { ...network, user };
}

afterEach(() => dismissToast());

describe('ManageStatusOptionsDialog', () => {
  it('lists options by sort order with their order, state and flags', async () => {
    setup([
      statusOption(2, { name: 'Do Not Call', sort_order: 5, is_active: false, removes_from_prospects: true }),
      statusOption(1, { name: 'Interested', sort_order: 1, converts_to_lead: true }),
    ]);
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['Interested', 'Do Not Call']);
    expect(rows[0]).toHaveTextContent('Order: 1');
    expect(rows[0]).toHaveTextContent('Active');
    expect(rows[0]).toHaveTextContent('Converts to lead');
    expect(rows[1]).toHaveTextContent('Inactive');
    expect(rows[1]).toHaveTextContent('Removes from prospects');
  });

  it('offers to create the first status when there are none', async () => {
    const { user, calls } = setup([]);
    expect(await screen.findByText('No Status Options')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create First Status' }));
    const form = screen.getByRole('dialog', { name: 'Add Status Option' });
    await user.click(within(form).getByRole('button', { name: 'Create Status' }));
    expect(within(form).getByText('Status name is required. Please enter a name for the status option.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Interested');
    await user.clear(within(form).getByRole('spinbutton', { name: 'Sort order' }));
    await user.type(within(form).getByRole('spinbutton', { name: 'Sort order' }), 'abc');
    await user.click(within(form).getByRole('checkbox', { name: 'Converts to lead' }));
    await user.click(within(form).getByRole('button', { name: 'Create Status' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      tenant_id: TENANT_ID,
      name: 'Interested',
      description: null,
      sort_order: 0,
      is_active: true,
      converts_to_lead: true,
      removes_from_prospects: false,
      is_callback: false,
    });
  });

  it('edits the two flags of an existing status', async () => {
    const option = statusOption(1, { name: 'Do Not Call' });
    const { user, calls } = setup([option]);
    await user.click(await screen.findByRole('button', { name: 'Edit Do Not Call' }));
    const form = screen.getByRole('dialog', { name: 'Edit Status Option' });
    await user.click(within(form).getByRole('checkbox', { name: 'Removes from prospects' }));
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe(`/crm/status-options/${option.id}`);
    expect(put.body).toMatchObject({ name: 'Do Not Call', converts_to_lead: false, removes_from_prospects: true });
  });

  it('shows which status a callback records, and makes another one it', async () => {
    const callBack = statusOption(1, { name: 'Call Back', is_callback: true });
    const noAnswer = statusOption(2, { name: 'No Answer' });
    const { user, calls } = setup([callBack, noAnswer]);
    const rows = await screen.findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Callback status');
    expect(rows[1]).not.toHaveTextContent('Callback status');
    await user.click(screen.getByRole('button', { name: 'Edit No Answer' }));
    const form = screen.getByRole('dialog', { name: 'Edit Status Option' });
    expect(within(form).getByRole('checkbox', { name: 'Callback status' })).not.toBeChecked();
    await user.click(within(form).getByRole('checkbox', { name: 'Callback status' }));
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe(`/crm/status-options/${noAnswer.id}`);
    expect(put.body).toMatchObject({ name: 'No Answer', is_callback: true });
  });

  it('refuses a callback status that converts or removes the prospect, beside the field', async () => {
    const { user, calls } = setup([statusOption(1, { name: 'Interested', converts_to_lead: true })]);
    await user.click(await screen.findByRole('button', { name: 'Edit Interested' }));
    const form = screen.getByRole('dialog', { name: 'Edit Status Option' });
    await user.click(within(form).getByRole('checkbox', { name: 'Callback status' }));
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('A callback status keeps the prospect on the list');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('confirms before deleting', async () => {
    const { user } = setup([statusOption(1, { name: 'Stale' })]);
    await user.click(await screen.findByRole('button', { name: 'Delete Stale' }));
    expect(screen.getByRole('dialog', { name: 'Delete Status Option' })).toHaveTextContent(
      'Are you sure you want to delete this status option? This action cannot be undone.',
    );
  });
});
