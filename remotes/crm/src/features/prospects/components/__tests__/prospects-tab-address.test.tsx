import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigationType } from 'react-router';
import { mockFetch } from '../../../../test/fetch-mock';
import { page, prospect, statusOption, TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ProspectsTab } from '../prospects-tab';

const statuses = [statusOption(1, { name: 'Interested' }), statusOption(2, { name: 'Call Back' })];
const rows = [prospect(1, { name: 'Northwind Logistics' }), prospect(2, { name: 'Bluebird Dental', status_id: statuses[1]!.id, status_name: 'Call Back' })];

/** Shows the address and how it last changed (a new history entry or a replaced one). */
function AddressProbe() {
  const location = useLocation();
  const how = useNavigationType();
  return <output aria-label="address">{`${how} ${location.search}`}</output>;
}

function setup(route: string) {
  const network = mockFetch(({ method, path }) => {
    if (method === 'GET' && path === '/crm/prospects') return { body: page('prospects', rows, 45) };
    return undefined;
  });
  renderWithProviders(
    <>
      <ProspectsTab tenantId={TENANT_ID} statuses={statuses} goals={[]} stages={[]} />
      <AddressProbe />
    </>,
    { route },
  );
  const listCalls = () => network.calls.filter((call) => call.path === '/crm/prospects' && call.query.get('limit') !== '1');
  return { ...network, listCalls, user: userEvent.setup() };
}

const address = () => screen.getByRole('status', { name: 'address' }).textContent;

describe('ProspectsTab and the address', () => {
  it('opens on the view a link holds: search, status, invalid phones and page', async () => {
    const { listCalls } = setup(`/crm?q=Blue&status_id=${statuses[1]!.id}&invalid_phone=true&page=2`);
    expect(await screen.findByText('Northwind Logistics')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search prospects' })).toHaveValue('Blue');
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('Call Back');
    expect(screen.getByRole('button', { name: /Invalid phone/ })).toHaveAttribute('aria-pressed', 'true');
    const query = listCalls()[0]!.query;
    expect([query.get('q'), query.get('status_id'), query.get('invalid_phone'), query.get('page')]).toEqual(['Blue', statuses[1]!.id, 'true', '2']);
  });

  it('ignores what it does not understand in the address', async () => {
    const { listCalls } = setup('/crm?status_id=%27%3B--&page=-4&invalid_phone=maybe&sort=sideways&owner_id=everyone&junk=1');
    expect(await screen.findByText('Northwind Logistics')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('All Statuses');
    const query = listCalls()[0]!.query;
    expect([query.get('status_id'), query.get('invalid_phone'), query.get('page'), query.get('owner_id')]).toEqual([null, null, '1', null]);
  });

  it('writes the search to the address once typing pauses, replacing the entry; a filter is a new entry and starts at page 1', async () => {
    const { user, listCalls } = setup('/crm?page=3');
    await screen.findByText('Northwind Logistics');
    await user.type(screen.getByRole('searchbox', { name: 'Search prospects' }), 'North');
    await screen.findByText(/REPLACE \?q=North$/);
    // One request for the paused text, none per keystroke.
    expect(listCalls().map((call) => call.query.get('q'))).toEqual([null, 'North']);

    await user.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    await user.click(screen.getByRole('option', { name: 'Interested' }));
    expect(address()).toBe(`PUSH ?q=North&status_id=${statuses[0]!.id}`);
  });
});
