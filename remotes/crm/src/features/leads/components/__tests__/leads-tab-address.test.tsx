import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { mockFetch } from '../../../../test/fetch-mock';
import { lead, page, stage, TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { LeadsTab } from '../leads-tab';

const stages = [stage(1, { name: 'Qualified' }), stage(2, { name: 'Proposal' })];
const rows = [lead(1, { name: 'Acme Deal', pipeline_stage_id: stages[1]!.id, pipeline_stage_name: 'Proposal' })];

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{location.search}</output>;
}

function setup(route: string) {
  const network = mockFetch(({ method, path }) => {
    if (method === 'GET' && path === '/crm/leads') return { body: page('leads', rows, 60) };
    if (method === 'GET' && path === '/crm/pipeline/summary')
      return {
        body: {
          currency: 'USD',
          stages: [],
          pipeline: { count: 0, value: '0.00', weighted_value: '0.00' },
          won: { count: 0, value: '0.00' },
          lost: { count: 0, value: '0.00' },
        },
      };
    return undefined;
  });
  renderWithProviders(
    <>
      <LeadsTab tenantId={TENANT_ID} stages={stages} />
      <Address />
    </>,
    { route },
  );
  return { ...network, user: userEvent.setup() };
}

describe('LeadsTab and the address', () => {
  it('opens the list on the stage, owner, sort, search and page a link holds', async () => {
    const { calls } = setup(`/crm?tab=leads&q=acme&pipeline_stage_id=${stages[1]!.id}&owner_id=me&sort=value_desc&page=3`);
    expect(await screen.findByRole('article', { name: 'Acme Deal' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search leads' })).toHaveValue('acme');
    expect(screen.getByRole('combobox', { name: 'Filter by stage' })).toHaveValue('Proposal');
    expect(screen.getByRole('combobox', { name: 'Filter by owner' })).toHaveValue('Mine');
    expect(screen.getByRole('combobox', { name: 'Sort leads' })).toHaveValue('Value: highest first');
    const query = calls.find((call) => call.path === '/crm/leads')!.query;
    expect(['q', 'pipeline_stage_id', 'owner_id', 'sort', 'page'].map((key) => query.get(key))).toEqual(['acme', stages[1]!.id, 'me', 'value_desc', '3']);
  });

  it('falls back to the defaults for a sort, stage or owner it does not know', async () => {
    const { calls } = setup(`/crm?tab=leads&pipeline_stage_id=${stages[0]!.id.replace(/.$/, '9')}&owner_id=boss&sort=random`);
    expect(await screen.findByRole('article', { name: 'Acme Deal' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Filter by stage' })).toHaveValue('All Stages');
    expect(screen.getByRole('combobox', { name: 'Sort leads' })).toHaveValue('Newest first');
    const query = calls.find((call) => call.path === '/crm/leads')!.query;
    expect(['pipeline_stage_id', 'owner_id', 'sort'].map((key) => query.get(key))).toEqual([null, null, null]);
  });

  it('keeps the search and owner across the list and the board, and a sort change lands in the address', async () => {
    const { calls, user } = setup('/crm?tab=leads&view=board&q=acme&owner_id=none');
    expect(await screen.findByRole('button', { name: 'Board' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls.some((call) => call.path === '/crm/leads')).toBe(true));
    const column = calls.find((call) => call.path === '/crm/leads')!.query;
    expect([column.get('q'), column.get('owner_id')]).toEqual(['acme', 'none']);

    await user.click(screen.getByRole('button', { name: 'List' }));
    await user.click(await screen.findByRole('combobox', { name: 'Sort leads' }));
    await user.click(screen.getByRole('option', { name: 'Close date: soonest first' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('?tab=leads&q=acme&owner_id=none&sort=close_date_asc');
  });
});
