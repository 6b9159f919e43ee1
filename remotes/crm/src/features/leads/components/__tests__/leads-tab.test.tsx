import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@app/shared';
import { type Lead } from '@app/shared/forms';
import { deferred, mockFetch, type MockResponse } from '../../../../test/fetch-mock';
import { lead, page, stage, TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { useLocation } from 'react-router';
import { LeadsTab } from '../leads-tab';

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{location.pathname + location.search}</output>;
}

const stages = [stage(1, { name: 'Qualified', color: '#2563EB' }), stage(2, { name: 'Proposal', color: '#16A34A' })];
const allLeads = Array.from({ length: 25 }, (_, index) =>
  lead(index + 1, { pipeline_stage_id: stages[0]!.id, pipeline_stage_name: 'Qualified', pipeline_stage_color: '#2563EB' }),
);

function serveLeads(query: URLSearchParams, rows: Lead[] = allLeads): MockResponse {
  const q = query.get('q')?.toLowerCase();
  const stageId = query.get('pipeline_stage_id');
  const pageNumber = Number(query.get('page') ?? 1);
  const limit = Number(query.get('limit') ?? 20);
  const matching = rows.filter((row) => (!q || row.name.toLowerCase().includes(q)) && (!stageId || row.pipeline_stage_id === stageId));
  return { body: page('leads', matching.slice((pageNumber - 1) * limit, pageNumber * limit), matching.length, pageNumber) };
}

afterEach(() => dismissToast());

describe('LeadsTab', () => {
  it("pages through the server's rows and counts with the server's total", async () => {
    const { calls } = mockFetch(({ method, path, query }) => (method === 'GET' && path === '/crm/leads' ? serveLeads(query) : undefined));
    const user = userEvent.setup();
    renderWithProviders(<LeadsTab tenantId={TENANT_ID} stages={stages} />);

    expect(await screen.findByText('Showing 20 of 25 leads')).toBeInTheDocument();
    expect(calls[0]!.query.get('tenant_id')).toBe(TENANT_ID);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 5 of 25 leads')).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('page')).toBe('2');
    expect(screen.getByRole('article', { name: 'Lead 25' })).toBeInTheDocument();
  });

  it("shows a lead's history, its prospect's calls included, from the card menu", async () => {
    const target = allLeads[0]!;
    const history = [
      {
        id: '00000000-0000-4000-8000-00000000b002',
        kind: 'stage',
        summary: 'Pipeline stage changed to Proposal',
        notes: 'Sent the proposal',
        user_name: 'Dana Staff',
        created_at: '2026-03-06T10:00:00.000Z',
      },
      {
        id: '00000000-0000-4000-8000-00000000b001',
        kind: 'status',
        summary: 'Status changed to Interested (call made)',
        notes: null,
        user_name: 'Dana Staff',
        created_at: '2026-03-05T10:00:00.000Z',
      },
    ];
    mockFetch(({ method, path, query }) => {
      if (method === 'GET' && path === '/crm/leads') return serveLeads(query);
      if (method === 'GET' && path === `/crm/leads/${target.id}/activities`) return { body: { activities: history } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<LeadsTab tenantId={TENANT_ID} stages={stages} />);
    const card = await screen.findByRole('article', { name: target.name });
    await user.click(within(card).getByRole('button', { name: `Actions for ${target.name}` }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Update Stage',
      'Edit Lead',
      'Edit Value',
      'View Details',
      'View History',
      'New Quotation',
      'Delete',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'View History' }));
    const dialog = screen.getByRole('dialog', { name: 'Lead History' });
    const entries = within(await within(dialog).findByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Pipeline stage changed to Proposal');
    expect(entries[0]).toHaveTextContent('“Sent the proposal”');
    expect(entries[1]).toHaveTextContent('Status changed to Interested (call made)');
    await user.click(within(dialog).getByText('Close', { selector: 'button' }));
    expect(screen.queryByRole('dialog', { name: 'Lead History' })).not.toBeInTheDocument();
  });

  async function openLeadCard(target: Lead) {
    mockFetch(({ method, path, query }) => {
      if (method === 'GET' && path === '/crm/leads') return serveLeads(query);
      if (method === 'GET' && path === `/crm/leads/${target.id}/activities`) return { body: { activities: [] } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <LeadsTab tenantId={TENANT_ID} stages={stages} />
        <Address />
      </>,
    );
    const card = await screen.findByRole('article', { name: target.name });
    await user.click(within(card).getByRole('button', { name: `Actions for ${target.name}` }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/crm$/);
    return user;
  }

  it('opens the quotation builder for a lead from its card menu', async () => {
    const target = allLeads[2]!;
    const user = await openLeadCard(target);
    await user.click(screen.getByRole('menuitem', { name: 'New Quotation' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(`/quotations/new?lead_id=${target.id}`);
  });

  it("opens the lead's page from View Details", async () => {
    const target = allLeads[4]!;
    const user = await openLeadCard(target);
    await user.click(screen.getByRole('menuitem', { name: 'View Details' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(new RegExp(`^/crm/leads/${target.id}$`));
  });

  it('opens the quotation builder for a lead from its history', async () => {
    const target = allLeads[3]!;
    const user = await openLeadCard(target);
    await user.click(screen.getByRole('menuitem', { name: 'View History' }));
    const dialog = screen.getByRole('dialog', { name: 'Lead History' });
    await user.click(within(dialog).getByRole('button', { name: 'New Quotation' }));
    // The open dialog hides the rest of the page from the accessibility tree.
    expect(screen.getByRole('status', { name: 'Address', hidden: true })).toHaveTextContent(`/quotations/new?lead_id=${target.id}`);
  });

  it('edits a lead from its card menu and shows the saved record', async () => {
    const rows = [...allLeads];
    const target = rows[1]!;
    const { calls } = mockFetch(({ method, path, query, body }) => {
      if (method === 'GET' && path === '/crm/leads') return serveLeads(query, rows);
      if (method === 'PUT' && path === `/crm/leads/${target.id}`) {
        rows[1] = { ...target, ...(body as object) };
        return { body: rows[1] };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<LeadsTab tenantId={TENANT_ID} stages={stages} />);
    const card = await screen.findByRole('article', { name: target.name });
    await user.click(within(card).getByRole('button', { name: `Actions for ${target.name}` }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit Lead' }));
    const form = screen.getByRole('dialog', { name: 'Edit Lead' });
    expect(within(form).getByRole('textbox', { name: 'Company name' })).toHaveValue(target.name);
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(within(form).getByText('Must be a valid email address.')).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: 'Email' }));
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'owner@renamed.test');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Lead updated successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ email: 'owner@renamed.test', name: target.name });
    expect(within(screen.getByRole('article', { name: target.name })).getByText('owner@renamed.test')).toBeInTheDocument();
  });

  it("edits a lead's value, refusing an amount with three decimals, and shows it in the tenant's currency", async () => {
    const rows = [...allLeads];
    const target = rows[2]!;
    const { calls } = mockFetch(({ method, path, query, body }) => {
      if (method === 'GET' && path === '/crm/leads') return serveLeads(query, rows);
      if (method === 'PUT' && path === `/crm/leads/${target.id}`) {
        rows[2] = { ...target, ...(body as object), probability: 35 };
        return { body: rows[2] };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<LeadsTab tenantId={TENANT_ID} stages={stages} />);
    const card = await screen.findByRole('article', { name: target.name });
    expect(within(card).queryByText('Value')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: `Actions for ${target.name}` }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit Value' }));
    const form = screen.getByRole('dialog', { name: 'Edit Value' });
    await user.type(within(form).getByRole('textbox', { name: 'Value (USD)' }), '1250.555');
    await user.click(within(form).getByRole('button', { name: 'Save Value' }));
    expect(within(form).getByText('Must have at most 2 decimals.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.clear(within(form).getByRole('textbox', { name: 'Value (USD)' }));
    await user.type(within(form).getByRole('textbox', { name: 'Value (USD)' }), '1250.5');
    await user.clear(within(form).getByRole('spinbutton', { name: 'Probability (%)' }));
    await user.type(within(form).getByRole('spinbutton', { name: 'Probability (%)' }), '35');
    await user.click(within(form).getByRole('button', { name: 'Save Value' }));
    expect(await screen.findByText('Lead value updated')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ value: '1250.50', expected_close_date: null, probability: 35 });
    expect(within(screen.getByRole('article', { name: target.name })).getByText('$1,250.50 · 35%')).toBeInTheDocument();
  });

  it('sorts the list by value on the server, back on the first page', async () => {
    const { calls } = mockFetch(({ method, path, query }) => (method === 'GET' && path === '/crm/leads' ? serveLeads(query) : undefined));
    const user = userEvent.setup();
    renderWithProviders(<LeadsTab tenantId={TENANT_ID} stages={stages} />);
    await screen.findByText('Showing 20 of 25 leads');
    expect(calls.at(-1)!.query.get('sort')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 5 of 25 leads');
    await user.click(screen.getByRole('combobox', { name: 'Sort leads' }));
    await user.click(screen.getByRole('option', { name: 'Value: highest first' }));
    await screen.findByText('Showing 20 of 25 leads');
    expect(calls.at(-1)!.query.get('sort')).toBe('value_desc');
    expect(calls.at(-1)!.query.get('page')).toBe('1');
  });

  it("filters by owner on the server: the caller's own leads or the unassigned ones", async () => {
    const { calls } = mockFetch(({ method, path, query }) => (method === 'GET' && path === '/crm/leads' ? serveLeads(query) : undefined));
    const user = userEvent.setup();
    renderWithProviders(<LeadsTab tenantId={TENANT_ID} stages={stages} />);
    await screen.findByText('Showing 20 of 25 leads');
    expect(calls.at(-1)!.query.get('owner_id')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Filter by owner' }));
    await user.click(screen.getByRole('option', { name: 'Mine' }));
    await waitFor(() => expect(calls.at(-1)!.query.get('owner_id')).toBe('me'));
    await user.click(screen.getByRole('combobox', { name: 'Filter by owner' }));
    await user.click(screen.getByRole('option', { name: 'Unassigned' }));
    await waitFor(() => expect(calls.at(-1)!.query.get('owner_id')).toBe('none'));
  });

  it('asks the server to search and filter, back on the first page', async () => {
    const { calls } = mockFetch(({ method, path, query }) => (method === 'GET' && path === '/crm/leads' ? serveLeads(query) : undefined));
    const user = userEvent.setup();
    renderWithProviders(<LeadsTab tenantId={TENANT_ID} stages={stages} />);
    await screen.findByText('Showing 20 of 25 leads');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 5 of 25 leads');

    await user.type(screen.getByRole('searchbox', { name: 'Search leads' }), 'Lead 1');
    expect(await screen.findByText('Showing 11 of 11 leads')).toBeInTheDocument();
    const search = calls.at(-1)!;
    expect(search.query.get('q')).toBe('Lead 1');
    expect(search.query.get('page')).toBe('1');

    await user.click(screen.getByRole('combobox', { name: 'Filter by stage' }));
    await user.click(screen.getByRole('option', { name: 'Proposal' }));
    expect(await screen.findByText('No leads found')).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('pipeline_stage_id')).toBe(stages[1]!.id);
  });

  it('offers to add the first lead when there are none', async () => {
    mockFetch(({ path, query }) => (path === '/crm/leads' ? serveLeads(query, []) : undefined));
    const user = userEvent.setup();
    renderWithProviders(<LeadsTab tenantId={TENANT_ID} stages={stages} />);
    await user.click(await screen.findByRole('button', { name: 'Add First Lead' }));
    expect(screen.getByRole('dialog', { name: 'Add New Lead' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    expect(screen.getByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone1 is required')).toBeInTheDocument();
  });

  it("shows a Phone1 another company holds beside Phone 1, with focus there, and no toast over the dialog's buttons", async () => {
    mockFetch(({ method, path, query }) => {
      if (path === '/crm/leads' && method === 'GET') return serveLeads(query, []);
      if (path === '/crm/leads' && method === 'POST') return { status: 409, body: { detail: 'phone1: A lead with this phone number already exists: Acme.' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<LeadsTab tenantId={TENANT_ID} stages={stages} />);
    await user.click(await screen.findByRole('button', { name: 'Add First Lead' }));
    await user.type(screen.getByRole('textbox', { name: /Company name/ }), 'Acme Copy');
    await user.type(screen.getByRole('textbox', { name: /Phone 1/ }), '+1 555 010 2000');
    await user.click(screen.getByRole('button', { name: 'Add Lead' }));
    const phone = screen.getByRole('textbox', { name: /Phone 1/ });
    await waitFor(() => expect(phone).toHaveAccessibleDescription('A lead with this phone number already exists: Acme.'));
    await waitFor(() => expect(phone).toHaveFocus());
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    // Typed round trips on a busy machine.
  }, 20_000);

  it('moves a lead to a new stage at once and back again when the server refuses', async () => {
    const answer = deferred<MockResponse>();
    let refuse = false;
    mockFetch(({ method, path, query }) => {
      if (method === 'GET' && path === '/crm/leads') return refuse ? new Promise<MockResponse>(() => {}) : serveLeads(query, allLeads.slice(0, 2));
      if (method === 'POST' && path === '/crm/leads/change-pipeline-stage') return answer.promise;
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<LeadsTab tenantId={TENANT_ID} stages={stages} />);
    const card = await screen.findByRole('article', { name: 'Lead 1' });

    await user.click(within(card).getByRole('button', { name: 'Actions for Lead 1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Update Stage' }));
    await user.click(screen.getByRole('combobox', { name: 'Pipeline stage' }));
    await user.click(screen.getByRole('option', { name: 'Proposal' }));
    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Update Lead Stage' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(within(card).getByTitle('Pipeline stage')).toHaveTextContent('Proposal'));

    await act(async () => answer.resolve({ status: 409, body: { detail: 'This lead is already closed.' } }));
    await waitFor(() => expect(within(card).getByTitle('Pipeline stage')).toHaveTextContent('Qualified'));
    expect(await screen.findByText('Error Updating Pipeline Stage')).toBeInTheDocument();
    expect(screen.getByText('This lead is already closed.')).toBeInTheDocument();
  });
});
