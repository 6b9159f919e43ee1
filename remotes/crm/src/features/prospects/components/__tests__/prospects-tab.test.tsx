import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@app/shared';
import { mockFetch } from '../../../../test/fetch-mock';
import { page, prospect, statusOption, TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ProspectsTab } from '../prospects-tab';

const statuses = [statusOption(1, { name: 'Interested' }), statusOption(2, { name: 'Call Back' })];
const rows = [
  prospect(1, {
    name: 'Northwind Logistics',
    email: 'hi@northwind.test',
    industry: '["Logistics","Freight"]',
    website: 'northwind.test',
    anchor_href_link: 'https://maps.test/n',
  }),
  prospect(2, { name: 'Bluebird Dental', status_id: statuses[1]!.id, status_name: 'Call Back' }),
  // Kept from before phones were checked: its text is not a number.
  prospect(3, { name: 'Maybe Co', phone1: 'call me maybe', phone1_e164: null }),
];

const history = [
  {
    id: '00000000-0000-4000-8000-00000000a002',
    kind: 'stage',
    summary: 'Pipeline stage changed to Qualified',
    notes: null,
    user_name: 'Dana Staff',
    created_at: '2026-03-05T15:04:00.000Z',
  },
  {
    id: '00000000-0000-4000-8000-00000000a001',
    kind: 'status',
    summary: 'Status changed to Call Back (call made)',
    notes: 'Asked to call after lunch',
    user_name: null,
    created_at: '2026-03-04T09:30:00.000Z',
  },
];

function setup() {
  const network = mockFetch(({ method, path, query, body }) => {
    if (method === 'GET' && path === '/crm/prospects') {
      const statusId = query.get('status_id');
      const q = query.get('q')?.toLowerCase();
      const invalidPhone = query.get('invalid_phone') === 'true';
      const matching = rows.filter(
        (row) => (!statusId || row.status_id === statusId) && (!q || row.name.toLowerCase().includes(q)) && (!invalidPhone || !row.phone1_e164),
      );
      return { body: page('prospects', matching, matching.length) };
    }
    if (method === 'GET' && path === `/crm/prospects/${rows[0]!.id}/activities`) return { body: { activities: history } };
    if (method === 'GET' && path.endsWith('/activities')) return { body: { activities: [] } };
    if (method === 'GET' && path.startsWith('/crm/prospects/')) return { body: rows.find((row) => path.endsWith(row.id)) };
    if (method === 'DELETE' && path === `/crm/prospects/${rows[1]!.id}`) return { body: { message: 'Deleted' } };
    if (method === 'PUT' && path === `/crm/prospects/${rows[1]!.id}`) return { body: { ...rows[1], ...(body as object) } };
    return undefined;
  });
  const user = userEvent.setup();
  renderWithProviders(<ProspectsTab tenantId={TENANT_ID} statuses={statuses} goals={[]} stages={[]} />);
  return { ...network, user };
}

afterEach(() => dismissToast());

describe('ProspectsTab', () => {
  it('filters by status and searches through the server', async () => {
    const { user, calls } = setup();
    expect(await screen.findByText('Showing 3 of 3 prospects')).toBeInTheDocument();
    const filter = screen.getByRole('combobox', { name: 'Filter by status' });
    expect(filter).toHaveValue('All Statuses');
    await user.click(filter);
    await user.click(screen.getByRole('option', { name: 'Call Back' }));
    expect(await screen.findByText('Showing 1 of 1 prospects')).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('status_id')).toBe(statuses[1]!.id);

    await user.type(screen.getByRole('searchbox', { name: 'Search prospects' }), 'zzz');
    expect(await screen.findByText('No prospects found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filter criteria')).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('q')).toBe('zzz');
  });

  it('shows phones formatted and dialled from E.164, and filters the prospects whose phone is not a number, with their count', async () => {
    const { user, calls } = setup();
    const card = await screen.findByRole('article', { name: 'Northwind Logistics' });
    expect(within(card).getByRole('link', { name: '+1 555 000 0001' })).toHaveAttribute('href', 'tel:+15550000001');
    const maybe = screen.getByRole('article', { name: 'Maybe Co' });
    expect(within(maybe).queryByRole('link', { name: /call me maybe/ })).not.toBeInTheDocument();
    expect(maybe).toHaveTextContent('call me maybe (invalid phone)');

    const filter = await screen.findByRole('button', { name: 'Invalid phone (1)' });
    expect(filter).toHaveAttribute('aria-pressed', 'false');
    await user.click(filter);
    expect(await screen.findByText('Showing 1 of 1 prospects')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invalid phone (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'))).toEqual(['Maybe Co']);
    expect(calls.at(-1)!.query.get('invalid_phone')).toBe('true');
  });

  it('shows the details of a prospect from its card menu', async () => {
    const { user } = setup();
    const card = await screen.findByRole('article', { name: 'Northwind Logistics' });
    await user.click(within(card).getByRole('button', { name: 'Actions for Northwind Logistics' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Update Status', 'Update Stage', 'View Details', 'Delete']);
    await user.click(screen.getByRole('menuitem', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prospect Details' });
    for (const section of ['Contact Information', 'Company Information', 'Timeline', 'History']) {
      expect(within(dialog).getByRole('heading', { name: section })).toBeInTheDocument();
    }
    expect(within(dialog).getByText('Logistics, Freight')).toBeInTheDocument();
    const entries = within(await within(dialog).findByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('p')!.textContent)).toEqual([
      'Pipeline stage changed to Qualified',
      'Status changed to Call Back (call made)',
    ]);
    expect(entries[0]).toHaveTextContent('Dana Staff');
    expect(entries[1]).toHaveTextContent('“Asked to call after lunch”');
    expect(within(dialog).getByRole('link', { name: 'View Link' })).toHaveAttribute('href', 'https://maps.test/n');
    expect(within(dialog).getByRole('link', { name: 'northwind.test' })).toHaveAttribute('href', 'https://northwind.test');
    await user.click(within(dialog).getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByRole('dialog', { name: 'Update Prospect Status' })).toBeInTheDocument();
  });

  it('edits a prospect from its details: the form starts from its values and sends the change', async () => {
    const { user, calls } = setup();
    const card = await screen.findByRole('article', { name: 'Bluebird Dental' });
    await user.click(within(card).getByRole('button', { name: 'Actions for Bluebird Dental' }));
    await user.click(screen.getByRole('menuitem', { name: 'View Details' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Prospect Details' })).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Prospect' });
    expect(within(form).getByRole('textbox', { name: 'Company name' })).toHaveValue('Bluebird Dental');
    await user.clear(within(form).getByRole('textbox', { name: 'Company name' }));
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(within(form).getByText('Company name is required')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Company name' }), 'Bluebird Dental Care');
    // A phone that is not a number of the tenant's country is refused beside its field, before any request.
    await user.click(within(form).getByRole('textbox', { name: 'Phone 2' }));
    await user.paste('call me maybe');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(within(form).getByText('Must be a valid phone number.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.clear(within(form).getByRole('textbox', { name: 'Phone 2' }));
    await user.paste('(555) 010-2222');
    await user.type(within(form).getByRole('textbox', { name: 'City' }), 'Oslo');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Prospect updated successfully!')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({ name: 'Bluebird Dental Care', city: 'Oslo', phone1: rows[1]!.phone1, phone2: '(555) 010-2222' });
    expect(screen.queryByRole('dialog', { name: 'Edit Prospect' })).not.toBeInTheDocument();
  });

  it('says so when a prospect has no history yet', async () => {
    const { user } = setup();
    const card = await screen.findByRole('article', { name: 'Bluebird Dental' });
    await user.click(within(card).getByRole('button', { name: 'Actions for Bluebird Dental' }));
    await user.click(screen.getByRole('menuitem', { name: 'View Details' }));
    expect(await within(await screen.findByRole('dialog', { name: 'Prospect Details' })).findByText('No status or stage changes yet.')).toBeInTheDocument();
  });

  it('deletes a prospect after confirmation', async () => {
    const { user, calls } = setup();
    const card = await screen.findByRole('article', { name: 'Bluebird Dental' });
    await user.click(within(card).getByRole('button', { name: 'Actions for Bluebird Dental' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Prospect' });
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Prospect deleted')).toBeInTheDocument();
  });
});
