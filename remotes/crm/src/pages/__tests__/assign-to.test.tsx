import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@app/shared';
import type { Lead, Prospect } from '@app/shared/forms';
import { mockFetch, signIn, uid, type MockRequest, type MockResponse } from '../../test/fetch-mock';
import { lead, page, prospect, TENANT_ID } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { LeadsPanel, ProspectsPanel } from '../crm-panels';

const DANA = { id: uid(31), full_name: 'Dana Staff', email: 'dana@example.com' };
const OMAR = { id: uid(32), full_name: '', email: 'omar@example.com' };

const prospects = [
  prospect(1, { name: 'Acme Ltd', owner_id: null }),
  prospect(2, { name: 'Birch plc', owner_id: DANA.id }),
  prospect(3, { name: 'Cedar Co', owner_id: uid(99) }),
];
const leads = [lead(1, { name: 'Delta Lead', owner_id: OMAR.id }), lead(2, { name: 'Echo Lead', owner_id: null })];

/** The CRM's API for the panels: rows as given (filtered by owner_id), the owners, and Assign to answering how many it changed. */
function api(options: { prospects?: Prospect[]; leads?: Lead[]; total?: number; assign?: (request: MockRequest) => MockResponse } = {}) {
  const rowsOf = (rows: readonly (Prospect | Lead)[], query: URLSearchParams) => {
    const owner = query.get('owner_id');
    return rows.filter((row) => !owner || (owner === 'none' ? row.owner_id === null : row.owner_id === owner));
  };
  return mockFetch((request) => {
    const { method, path, query } = request;
    if (method === 'POST' && path.endsWith('/assign')) return options.assign?.(request) ?? { body: { updated: 1 } };
    if (method !== 'GET') return undefined;
    if (path === '/crm/owners') return { body: { owners: [DANA, OMAR] } };
    if (path === '/crm/prospects') {
      const rows = rowsOf(options.prospects ?? prospects, query) as Prospect[];
      return { body: page('prospects', rows, query.get('invalid_phone') ? 0 : (options.total ?? rows.length)) };
    }
    if (path === '/crm/leads') return { body: page('leads', rowsOf(options.leads ?? leads, query) as Lead[]) };
    if (path === '/crm/status-options' || path === '/crm/pipeline-stage-options' || path === '/crm/goals') return { body: [] };
    return undefined;
  });
}

const factOf = (card: HTMLElement, name: string) => within(card).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(() => signIn());
afterEach(() => dismissToast());

describe('Assign to', () => {
  it('names each prospect’s owner on its card: a user, Unassigned, or another (not an active user of the tenant)', async () => {
    api();
    renderWithProviders(<ProspectsPanel tenantId={TENANT_ID} isAdmin={false} />);
    await waitFor(() => expect(factOf(screen.getByRole('article', { name: 'Birch plc' }), 'Owner')).toBe('Dana Staff'));
    expect(factOf(screen.getByRole('article', { name: 'Acme Ltd' }), 'Owner')).toBe('Unassigned');
    expect(factOf(screen.getByRole('article', { name: 'Cedar Co' }), 'Owner')).toBe('Other user');
  });

  it('assigns the ticked prospects to the chosen user, says so and clears the ticks', async () => {
    const { calls } = api({ assign: () => ({ body: { updated: 2 } }) });
    const user = userEvent.setup();
    renderWithProviders(<ProspectsPanel tenantId={TENANT_ID} isAdmin={false} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select Acme Ltd' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cedar Co' }));
    expect(screen.getByText('2 prospects selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Assign to' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to' });
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a person', 'Unassigned', 'Dana Staff', 'omar@example.com']);
    expect(within(dialog).getByRole('radio', { name: 'The 2 prospects selected' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeDisabled();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Owner' }), 'Dana Staff');
    const listsBefore = calls.filter((call) => call.path === '/crm/prospects').length;
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await screen.findByText('Assigned 2 prospects to Dana Staff')).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST')!;
    expect([sent.path, sent.body]).toEqual(['/crm/prospects/assign', { tenant_id: TENANT_ID, owner_id: DANA.id, ids: [prospects[0]!.id, prospects[2]!.id] }]);
    expect(screen.queryByRole('dialog', { name: 'Assign to' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Acme Ltd' })).not.toBeChecked();
    // The list is read again, so the cards show their new owner.
    await waitFor(() => expect(calls.filter((call) => call.path === '/crm/prospects').length).toBeGreaterThan(listsBefore));
  });

  it('assigns every prospect of the current filter, its count shown, to no one', async () => {
    const { calls } = api({ total: 1234, assign: () => ({ body: { updated: 1234 } }) });
    const user = userEvent.setup();
    renderWithProviders(<ProspectsPanel tenantId={TENANT_ID} isAdmin={false} />);
    await user.click(await screen.findByRole('combobox', { name: 'Filter by owner' }));
    await user.click(await screen.findByRole('option', { name: /Dana Staff/ }));
    await waitFor(() => expect(calls.at(-1)!.query.get('owner_id')).toBe(DANA.id));
    expect(await screen.findByRole('article', { name: 'Birch plc' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Acme Ltd' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Assign to' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to' });
    // Nothing ticked: only the filter's rows can be chosen.
    expect(within(dialog).getByRole('radio', { name: 'The 0 prospects selected' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'All 1,234 prospects matching' })).toBeChecked();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Owner' }), 'Unassigned');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Unassigned 1,234 prospects')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ tenant_id: TENANT_ID, owner_id: null, filter: { owner_id: DANA.id } });
  });

  it('select all ticks the page; a changed filter clears the ticks', async () => {
    api();
    const user = userEvent.setup();
    renderWithProviders(<ProspectsPanel tenantId={TENANT_ID} isAdmin={false} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('3 prospects selected')).toBeInTheDocument();
    for (const row of prospects) expect(screen.getByRole('checkbox', { name: `Select ${row.name}` })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select Birch plc' }));
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).not.toBeChecked();
    expect(screen.getByText('2 prospects selected')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search prospects' }), 'acme');
    await waitFor(() => expect(screen.queryByText(/prospects? selected/)).not.toBeInTheDocument());
  });

  it('says what went wrong when the server refuses, and keeps the dialog open', async () => {
    api({ assign: () => ({ status: 400, body: { detail: 'owner_id: must be an active user of this tenant' } }) });
    const user = userEvent.setup();
    renderWithProviders(<ProspectsPanel tenantId={TENANT_ID} isAdmin={false} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select Acme Ltd' }));
    await user.click(screen.getByRole('button', { name: 'Assign to' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Owner' }), 'Dana Staff');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('owner_id: must be an active user of this tenant')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Assign to' })).toBeInTheDocument();
  });

  it('the leads list assigns its ticked leads and shows their owners', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    renderWithProviders(<LeadsPanel tenantId={TENANT_ID} />);
    const delta = await screen.findByRole('article', { name: 'Delta Lead' });
    await waitFor(() => expect(factOf(delta, 'Owner')).toBe('omar@example.com'));
    await user.click(screen.getByRole('checkbox', { name: 'Select Echo Lead' }));
    await user.click(screen.getByRole('button', { name: 'Assign to' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to' });
    expect(within(dialog).getByRole('radio', { name: 'The 1 lead selected' })).toBeChecked();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Owner' }), 'omar@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Assigned 1 lead to omar@example.com')).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST')!;
    expect([sent.path, sent.body]).toEqual(['/crm/leads/assign', { tenant_id: TENANT_ID, owner_id: OMAR.id, ids: [leads[1]!.id] }]);
  });
});
