import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast, setSelectedTenantId } from '@app/shared';
import { type Tenant } from '@app/shared/forms';
import { mockFetch, signIn, uid, type MockRequest, type MockResponse } from '../../test/fetch-mock';
import { goal, page, prospect, statusOption, tenant, TENANT_ID } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import CrmPage from '../crm-page';

function crmApi(tenants: Tenant[] | Promise<MockResponse>, extra?: (request: MockRequest) => MockResponse | undefined) {
  return mockFetch((request) => {
    const { method, path } = request;
    const custom = extra?.(request);
    if (custom) return custom;
    if (method !== 'GET') return undefined;
    switch (path) {
      case '/crm/tenants':
        return Array.isArray(tenants) ? { body: tenants } : tenants;
      case '/crm/dashboard':
        return { body: { total_prospects: 1234, today_calls_made: 7, today_calls_goal: 30, visible_calls: { scope: 'team', made: 19, goal: 60 } } };
      case '/crm/prospects':
        return { body: page('prospects', [prospect(1, { name: 'Northwind Logistics' })]) };
      case '/crm/status-options':
        return { body: [statusOption(1, { name: 'Interested' })] };
      case '/crm/pipeline-stage-options':
        return { body: [] };
      case '/crm/goals':
        return { body: [goal(1)] };
      case '/crm/leads':
        return { body: page('leads', []) };
      case '/crm/views':
        return { body: [] };
      default:
        return undefined;
    }
  });
}

beforeEach(() => setSelectedTenantId(null));
afterEach(() => {
  dismissToast();
  window.localStorage.clear();
});

describe('CrmPage', () => {
  it('says it is loading until the tenants arrive', () => {
    signIn();
    crmApi(new Promise<MockResponse>(() => {}));
    renderWithProviders(<CrmPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'CRM Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Loading CRM data...')).toBeInTheDocument();
  });

  // A long typing journey through the whole tenant form: on a busy machine it outlasts the default 5 s.
  it('lets an admin create the first tenant', async () => {
    signIn({ isAdmin: true });
    const { calls } = crmApi([], ({ method, path, body }) =>
      method === 'POST' && path === '/crm/tenants' ? { status: 201, body: { ...tenant(), ...(body as object) } } : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<CrmPage />);
    await user.click(await screen.findByRole('button', { name: 'Create First Tenant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Tenant' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Tenant' }));
    expect(within(dialog).getByText('Tenant name is required. Please enter a name for the tenant.')).toBeInTheDocument();
    expect(within(dialog).getByText('Domain is required. Please enter a domain for the tenant.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Acme Outreach ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Domain' }), ' acme.test ');
    // Phones written without + are read in the tenant's default country: US unless another is set.
    const country = within(dialog).getByRole('textbox', { name: 'Default country' });
    expect(country).toHaveValue('US');
    await user.clear(country);
    await user.type(country, 'xx');
    await user.click(within(dialog).getByRole('button', { name: 'Create Tenant' }));
    expect(within(dialog).getByText('Must be a two-letter country code, such as US.')).toBeInTheDocument();
    await user.clear(country);
    await user.type(country, 'gb');
    // Reminders of sent quotations: 3 days before their validity ends unless set otherwise; 0 for none.
    const reminder = within(dialog).getByRole('textbox', { name: 'Quotation reminder (days)' });
    expect(reminder).toHaveValue('3');
    await user.clear(reminder);
    await user.type(reminder, '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Create Tenant' }));
    expect(within(dialog).getByText('Reminder days must be a whole number from 0 to 365 (0: no reminders).')).toBeInTheDocument();
    await user.clear(reminder);
    await user.type(reminder, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create Tenant' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Acme Outreach',
      domain: 'acme.test',
      description: null,
      default_country: 'GB',
      currency: 'USD',
      quotation_reminder_days: 0,
      setup_changes: 'everyone',
      receives_website_enquiries: false,
    });
  }, 20_000);

  it('tells a non-admin without tenants whom to ask', async () => {
    signIn({ isAdmin: false });
    crmApi([]);
    renderWithProviders(<CrmPage />);
    expect(await screen.findByText('Contact an administrator to create tenants.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create First Tenant' })).not.toBeInTheDocument();
  });

  it('asks for a tenant when none is selected', async () => {
    signIn();
    crmApi([tenant()]);
    renderWithProviders(<CrmPage />);
    expect(await screen.findByText('Please select a tenant to view CRM data.')).toBeInTheDocument();
  });

  it("shows the selected tenant's stats and tabs, prospects first", async () => {
    signIn();
    setSelectedTenantId(TENANT_ID);
    const { calls } = crmApi([tenant()]);
    renderWithProviders(<CrmPage />);
    const stats = await screen.findByRole('group', { name: 'Dashboard statistics' });
    await waitFor(() => expect(within(stats).getByText('1,234')).toBeInTheDocument());
    expect(within(stats).getByText('Total Prospects')).toBeInTheDocument();
    expect(within(stats).getByText("Today's Calls")).toBeInTheDocument();
    expect(within(stats).getByText('7')).toBeInTheDocument();
    expect(within(stats).getByText('Goal: 30')).toBeInTheDocument();
    // The calls of the callers the user sees besides their own: here their team's.
    expect(within(stats).getByText("Team's Calls Today")).toBeInTheDocument();
    expect(within(stats).getByText('19')).toBeInTheDocument();
    expect(within(stats).getByText('Goal: 60')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/crm/dashboard')?.query.get('tenant_id')).toBe(TENANT_ID);

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Prospects', 'Imports', 'Leads', 'Goals', 'Reports', 'Tenants']);
    expect(screen.getByRole('tab', { name: 'Prospects' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('article', { name: 'Northwind Logistics' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 1 prospects')).toBeInTheDocument();
    for (const name of ['Manage Status', 'Manage Teams', 'Refresh', 'Upload JSON', 'Add Prospect']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('shows tenants read-only to a non-admin and editable to an admin', async () => {
    signIn({ isAdmin: false });
    setSelectedTenantId(TENANT_ID);
    crmApi([tenant(), tenant({ id: uid(2), name: 'Beta Sales', domain: 'beta.test' })]);
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<CrmPage />);
    // Teams decide who sees what: their button is an admin's alone.
    expect(await screen.findByRole('button', { name: 'Manage Status' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage Teams' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('tab', { name: 'Tenants' }));
    expect(await screen.findByRole('article', { name: 'Beta Sales' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Tenant' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    unmount();

    signIn({ isAdmin: true });
    renderWithProviders(<CrmPage />, { route: '/crm?tab=tenants' });
    await user.click(await screen.findByRole('button', { name: 'Edit Beta Sales' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tenant' });
    expect(within(dialog).getByRole('textbox', { name: 'Domain' })).toHaveValue('beta.test');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Add Tenant' })).toBeInTheDocument();
  });

  it.each(['/crm?view=board', '/crm?tab=leads&view=board'])('a board link (%s) opens the leads board', async (route) => {
    signIn();
    setSelectedTenantId(TENANT_ID);
    crmApi([tenant()]);
    const user = userEvent.setup();
    renderWithProviders(<CrmPage />, { route });
    expect(await screen.findByRole('tab', { name: 'Leads' })).toHaveAttribute('aria-selected', 'true');
    expect(within(await screen.findByRole('group', { name: 'Leads view' })).getByRole('button', { name: 'Board' })).toHaveAttribute('aria-pressed', 'true');
    // Leaving the leads leaves the board behind: Prospects stays Prospects.
    await user.click(screen.getByRole('tab', { name: 'Prospects' }));
    expect(screen.getByRole('tab', { name: 'Prospects' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Northwind Logistics')).toBeInTheDocument();
  });

  it("keeps a list's search to its tab and its tenant: another tab or tenant opens unfiltered", async () => {
    signIn({ isAdmin: true });
    setSelectedTenantId(TENANT_ID);
    const other = tenant({ id: uid(2), name: 'Beta Sales', domain: 'beta.test' });
    const { calls } = crmApi([tenant(), other]);
    const user = userEvent.setup();
    renderWithProviders(<CrmPage />, { route: '/crm?q=north&invalid_phone=true' });
    expect(await screen.findByRole('searchbox', { name: 'Search prospects' })).toHaveValue('north');
    await user.click(screen.getByRole('tab', { name: 'Leads' }));
    expect(await screen.findByRole('searchbox', { name: 'Search leads' })).toHaveValue('');
    await waitFor(() => expect(calls.some((call) => call.path === '/crm/leads')).toBe(true));
    expect(calls.find((call) => call.path === '/crm/leads')!.query.get('q')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Prospects' }));
    await user.type(await screen.findByRole('searchbox', { name: 'Search prospects' }), 'acme');
    await waitFor(() => expect(calls.at(-1)!.query.get('q')).toBe('acme'));
    act(() => setSelectedTenantId(other.id));
    await waitFor(() => expect(calls.at(-1)!.query.get('tenant_id')).toBe(other.id));
    expect(await screen.findByRole('searchbox', { name: 'Search prospects' })).toHaveValue('');
    expect(
      calls.filter((call) => call.query.get('tenant_id') === other.id && call.query.get('q')).map((call) => call.path + '?' + call.query.toString()),
    ).toEqual([]);
  });
});
