import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigationType } from 'react-router';
import { dismissToast } from '@app/shared';
import { mockFetch } from '../../../../test/fetch-mock';
import { page, prospect, statusOption, TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ProspectsTab } from '../prospects-tab';

/** Shows how the address last changed and its path. */
function AddressProbe() {
  const location = useLocation();
  return <output aria-label="address">{`${useNavigationType()} ${location.pathname}`}</output>;
}

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

function setup() {
  const network = mockFetch(({ method, path, query }) => {
    if (method === 'GET' && path === '/crm/prospects') {
      const statusId = query.get('status_id');
      const q = query.get('q')?.toLowerCase();
      const invalidPhone = query.get('invalid_phone') === 'true';
      const matching = rows.filter(
        (row) => (!statusId || row.status_id === statusId) && (!q || row.name.toLowerCase().includes(q)) && (!invalidPhone || !row.phone1_e164),
      );
      return { body: page('prospects', matching, matching.length) };
    }
    if (method === 'DELETE' && path === `/crm/prospects/${rows[1]!.id}`) return { body: { message: 'Deleted' } };
    return undefined;
  });
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <ProspectsTab tenantId={TENANT_ID} statuses={statuses} goals={[]} stages={[]} />
      <AddressProbe />
    </>,
  );
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

  it("opens the prospect's page from View Details, leaving the list's address behind for Back", async () => {
    const { user } = setup();
    const card = await screen.findByRole('article', { name: 'Northwind Logistics' });
    await user.click(within(card).getByRole('button', { name: 'Actions for Northwind Logistics' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Update Status', 'Update Stage', 'View Details', 'Delete']);
    await user.click(screen.getByRole('menuitem', { name: 'View Details' }));
    expect(await screen.findByText(`PUSH /crm/prospects/${rows[0]!.id}`)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
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
