import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast, setSelectedTenantId } from '@app/shared';
import { type Quotation, type QuotationMail } from '@app/shared/forms';
import { mockFetch, signIn, type MockRequest, type MockResponse } from '@app/shared/testing/fetch-mock';
import { listAnswer, quotation, tenant, TENANT_ID } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import QuotationsPage from '../quotations-page';

const rows = Array.from({ length: 25 }, (_, index) => quotation(index + 1));

function serveList(query: URLSearchParams, all: Quotation[] = rows): MockResponse {
  const q = query.get('q')?.toLowerCase();
  const status = query.get('status');
  const page = Number(query.get('page') ?? 1);
  const matching = all.filter((row) => (!q || row.title.toLowerCase().includes(q)) && (!status || row.status === status));
  return {
    body: {
      ...listAnswer(matching.slice((page - 1) * 20, page * 20), matching.length),
      summary: { total: all.length, total_value: 12345.5, currency: 'USD', other_currencies: 0, accepted: 3, pending: 4 },
    },
  };
}

function quotationsApi(extra?: (request: MockRequest) => MockResponse | undefined, all?: Quotation[]) {
  return mockFetch((request) => {
    const custom = extra?.(request);
    if (custom) return custom;
    if (request.method === 'GET' && request.path === '/crm/tenants') return { body: [tenant()] };
    if (request.method === 'GET' && request.path === '/quotations') return serveList(request.query, all);
    return undefined;
  });
}

// Menus and dialogs in jsdom take a few seconds on a busy machine.
jest.setTimeout(20_000);

beforeEach(() => {
  signIn();
  setSelectedTenantId(TENANT_ID);
});
afterEach(() => {
  dismissToast();
  window.localStorage.clear();
  jest.useRealTimers();
});

describe('QuotationsPage', () => {
  it("shows the tenant's counters, a page of cards and the count", async () => {
    const { calls } = quotationsApi();
    renderWithProviders(<QuotationsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Quotations' })).toBeInTheDocument();
    expect(screen.getByText('Manage and track your business quotations')).toBeInTheDocument();
    expect(await screen.findByText('Showing 20 of 25 quotations')).toBeInTheDocument();
    const stats = screen.getByLabelText('Quotation statistics');
    expect(
      within(stats)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Total Quotations', 'Total Value (USD)', 'Accepted', 'Pending']);
    expect(stats).toHaveTextContent('$12,345.50');
    expect(stats).not.toHaveTextContent('Leaves out');
    const list = calls.find((call) => call.path === '/quotations')!;
    expect(list.query.get('tenant_id')).toBe(TENANT_ID);
    expect(list.query.get('limit')).toBe('20');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('shows each card with initials of the title, status, client, amount and dates', async () => {
    quotationsApi(undefined, [
      quotation(1, { title: 'website redesign project', status: 'accepted', total: 1234.5, created_at: '2026-01-05T10:00:00.000Z', valid_until: '2026-02-04' }),
      quotation(2, { title: 'Audit' }),
    ]);
    renderWithProviders(<QuotationsPage />);
    const card = await screen.findByRole('article', { name: 'website redesign project' });
    expect(card).toHaveTextContent(/^WR/);
    expect(card).toHaveTextContent('Accepted');
    expect(card).toHaveTextContent('Client 1');
    expect(card).toHaveTextContent('$1,234.50');
    expect(card).toHaveTextContent('Jan 5, 2026');
    expect(card).toHaveTextContent('Feb 4, 2026');
    expect(card).toHaveTextContent('Payroll for everyone');
    expect(screen.getByRole('article', { name: 'Audit' })).toHaveTextContent(/^A(?!u)/);
  });

  it("shows each card's amount in its own currency, and the total value in the tenant's, naming the quotations it leaves out", async () => {
    mockFetch((request) => {
      if (request.method === 'GET' && request.path === '/crm/tenants') return { body: [tenant({ currency: 'EUR' })] };
      if (request.method === 'GET' && request.path === '/quotations') {
        const all = [quotation(1, { title: 'In euros', currency: 'EUR', total: 81.6 }), quotation(2, { title: 'In dollars', currency: 'USD', total: 50 })];
        return { body: { ...listAnswer(all), summary: { total: 2, total_value: 81.6, currency: 'EUR', other_currencies: 1, accepted: 0, pending: 0 } } };
      }
      return undefined;
    });
    renderWithProviders(<QuotationsPage />);
    expect(await screen.findByRole('article', { name: 'In euros' })).toHaveTextContent('€81.60');
    expect(screen.getByRole('article', { name: 'In dollars' })).toHaveTextContent('$50.00');
    const value = within(screen.getByLabelText('Quotation statistics')).getByText('Total Value (EUR)').parentElement!;
    expect(value).toHaveTextContent('€81.60');
    expect(value).toHaveTextContent('Leaves out 1 quotation in other currencies');
  });

  it('searches on the server once typing pauses, and says when nothing matches the search', async () => {
    const { calls } = quotationsApi();
    const user = userEvent.setup();
    renderWithProviders(<QuotationsPage />);
    await screen.findByText('Showing 20 of 25 quotations');
    await user.type(screen.getByRole('searchbox', { name: 'Search quotations' }), 'nothing like it');
    // The search waits for typing to pause, then asks the server: longer than findBy's default second on a busy machine.
    expect(await screen.findByText('No quotations found', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filter criteria')).toBeInTheDocument();
    const searches = calls.filter((call) => call.path === '/quotations' && call.query.get('q'));
    expect(searches.map((call) => call.query.get('q'))).toEqual(['nothing like it']);
  });

  it('filters by status on the server', async () => {
    const { calls } = quotationsApi(undefined, [quotation(1, { status: 'sent', title: 'Sent one' }), quotation(2)]);
    const user = userEvent.setup();
    renderWithProviders(<QuotationsPage />);
    await screen.findByText('Showing 2 of 2 quotations');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All statuses', 'Draft', 'Sent', 'Accepted', 'Rejected', 'Expired']);
    await user.selectOptions(screen.getByLabelText('Status'), 'sent');
    expect(await screen.findByText('Showing 1 of 1 quotations')).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('status')).toBe('sent');
    expect(screen.getByRole('article', { name: 'Sent one' })).toBeInTheDocument();
  });

  it('invites the first quotation when the tenant has none', async () => {
    quotationsApi(undefined, []);
    renderWithProviders(<QuotationsPage />);
    expect(await screen.findByText('No quotations found')).toBeInTheDocument();
    expect(screen.getByText('Get started by creating your first quotation')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 quotations')).toBeInTheDocument();
  });

  it('refreshes from the server and spins for at least a second', async () => {
    const { calls } = quotationsApi();
    jest.useFakeTimers({ advanceTimers: true });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<QuotationsPage />);
    await screen.findByText('Showing 20 of 25 quotations');
    const before = calls.filter((call) => call.path === '/quotations').length;
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    await user.click(refresh);
    expect(refresh).toBeDisabled();
    await act(async () => {
      jest.advanceTimersByTime(900);
    });
    expect(refresh).toBeDisabled();
    await act(async () => {
      jest.advanceTimersByTime(200);
    });
    expect(refresh).toBeEnabled();
    expect(calls.filter((call) => call.path === '/quotations').length).toBe(before + 1);
  });

  it('asks before deleting and removes the quotation', async () => {
    const all = [quotation(1), quotation(2)];
    const { calls } = quotationsApi(({ method, path }) => {
      if (method === 'DELETE' && path === `/quotations/${all[0]!.id}`) {
        all.splice(0, 1);
        return { status: 204 };
      }
      return undefined;
    }, all);
    const user = userEvent.setup();
    renderWithProviders(<QuotationsPage />);
    const card = await screen.findByRole('article', { name: 'Quotation 1' });
    await user.click(within(card).getByRole('button', { name: 'Actions for Quotation 1' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'View Details',
      'Edit Quotation',
      'Download PDF',
      'Send to client',
      'Duplicate',
      'Copy link',
      'Delete',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Quotation' });
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Showing 1 of 1 quotations')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
  it.each(['accepted', 'rejected'] as const)('offers only View, Download PDF and Duplicate on a %s quotation', async (status) => {
    quotationsApi(undefined, [quotation(1, { status, title: 'Answered' })]);
    const user = userEvent.setup();
    renderWithProviders(<QuotationsPage />);
    const card = await screen.findByRole('article', { name: 'Answered' });
    await user.click(within(card).getByRole('button', { name: 'Actions for Answered' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View Details', 'Download PDF', 'Duplicate']);
  });

  it('does not offer to send or copy the link of an expired quotation', async () => {
    quotationsApi(undefined, [quotation(1, { status: 'expired', title: 'Too late' })]);
    const user = userEvent.setup();
    renderWithProviders(<QuotationsPage />);
    const card = await screen.findByRole('article', { name: 'Too late' });
    await user.click(within(card).getByRole('button', { name: 'Actions for Too late' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View Details', 'Edit Quotation', 'Download PDF', 'Duplicate', 'Delete']);
  });

  it('asks before sending, naming the recipient, and sends only when confirmed', async () => {
    const row = quotation(1, { title: 'Payroll rollout', client_name: 'Acme Corp', client_email: 'buyer@acme.example.com' });
    const { calls } = quotationsApi(
      ({ method, path }) =>
        method === 'POST' && path === `/quotations/${row.id}/send`
          ? { body: { status: 'sent', share_url: 'https://crm.example.com/q/abc', expires_at: '2099-01-02T00:00:00.000Z', mailed: true } }
          : undefined,
      [row],
    );
    const user = userEvent.setup();
    renderWithProviders(<QuotationsPage />);
    const card = await screen.findByRole('article', { name: 'Payroll rollout' });
    const sends = () => calls.filter((call) => call.method === 'POST' && call.path.endsWith('/send')).length;

    await user.click(within(card).getByRole('button', { name: 'Actions for Payroll rollout' }));
    await user.click(screen.getByRole('menuitem', { name: 'Send to client' }));
    let dialog = screen.getByRole('dialog', { name: 'Send Quotation' });
    expect(dialog).toHaveTextContent('Send "Payroll rollout" to Acme Corp at buyer@acme.example.com?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Send Quotation' })).not.toBeInTheDocument();
    expect(sends()).toBe(0);

    await user.click(within(card).getByRole('button', { name: 'Actions for Payroll rollout' }));
    await user.click(screen.getByRole('menuitem', { name: 'Send to client' }));
    dialog = screen.getByRole('dialog', { name: 'Send Quotation' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The link is being mailed to buyer@acme.example.com.')).toBeInTheDocument();
    expect(sends()).toBe(1);
  });

  it('marks a sent quotation accepted under the name given, asking for one when it is blank', async () => {
    const row = quotation(1, { status: 'sent', title: 'Signed by phone', client_name: 'Acme Corp' });
    const { calls } = quotationsApi(
      ({ method, path }) =>
        method === 'POST' && path === `/quotations/${row.id}/accept` ? { body: { ...row, status: 'accepted', decided_by_name: 'Ann Buyer' } } : undefined,
      [row],
    );
    const user = userEvent.setup();
    renderWithProviders(<QuotationsPage />);
    const card = await screen.findByRole('article', { name: 'Signed by phone' });
    await user.click(within(card).getByRole('button', { name: 'Actions for Signed by phone' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toContain('Mark accepted');
    await user.click(screen.getByRole('menuitem', { name: 'Mark accepted' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark Quotation Accepted' });
    const name = within(dialog).getByLabelText('Accepted by');
    expect(name).toHaveValue('Acme Corp');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Mark accepted' }));
    expect(within(dialog).getByText('Please enter your name to accept.')).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/accept'))).toBe(false);

    await user.type(name, 'Ann Buyer');
    await user.click(within(dialog).getByRole('button', { name: 'Mark accepted' }));
    expect(await screen.findByText('"Signed by phone" is marked accepted.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path.endsWith('/accept')).map((call) => call.body)).toEqual([{ name: 'Ann Buyer' }]);
    expect(screen.queryByRole('dialog', { name: 'Mark Quotation Accepted' })).not.toBeInTheDocument();
  });

  it("shows the state of the link's mail in the details, and Resend queues it again", async () => {
    const row = quotation(1, { title: 'Payroll rollout', status: 'sent', client_email: 'buyer@acme.example.com', share_url: 'https://crm.example.com/q/abc' });
    let mail: QuotationMail = { status: 'failed', attempts: 1, last_error: '550 No such mailbox here', sent_at: null, to: 'buyer@acme.example.com' };
    const { calls } = quotationsApi(
      ({ method, path }) => {
        if (method === 'GET' && path === `/quotations/${row.id}`) return { body: { ...row, mail } };
        if (method === 'GET' && path === `/quotations/${row.id}/history`) return { body: { history: [] } };
        if (method === 'POST' && path === `/quotations/${row.id}/send`) {
          mail = { status: 'sent', attempts: 1, last_error: null, sent_at: '2026-03-02T10:00:00.000Z', to: 'buyer@acme.example.com' };
          return { body: { status: 'sent', share_url: row.share_url, expires_at: '2099-01-02T00:00:00.000Z', mailed: true } };
        }
        return undefined;
      },
      [row],
    );
    const user = userEvent.setup();
    renderWithProviders(<QuotationsPage />);
    const card = await screen.findByRole('article', { name: 'Payroll rollout' });
    await user.click(within(card).getByRole('button', { name: 'Actions for Payroll rollout' }));
    await user.click(screen.getByRole('menuitem', { name: 'View Details' }));
    const status = await screen.findByRole('status', { name: 'Mail to the client' });
    expect(status).toHaveTextContent('Could not be mailed to buyer@acme.example.com after 1 try: 550 No such mailbox here.');
    await user.click(within(status).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(/Mailed to buyer@acme\.example\.com on/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST' && call.path.endsWith('/send'))).toHaveLength(1);
  });

  it('says why Resend was refused when the quotation was sent too often', async () => {
    const row = quotation(1, { title: 'Payroll rollout', status: 'sent', client_email: 'buyer@acme.example.com', share_url: 'https://crm.example.com/q/abc' });
    const mail: QuotationMail = { status: 'sent', attempts: 1, last_error: null, sent_at: '2026-03-02T10:00:00.000Z', to: 'buyer@acme.example.com' };
    const detail = 'This quotation was already sent 3 times within 10 minutes. Please try again in 7 minutes.';
    quotationsApi(
      ({ method, path }) => {
        if (method === 'GET' && path === `/quotations/${row.id}`) return { body: { ...row, mail } };
        if (method === 'GET' && path === `/quotations/${row.id}/history`) return { body: { history: [] } };
        if (method === 'POST' && path === `/quotations/${row.id}/send`) return { status: 429, body: { detail } };
        return undefined;
      },
      [row],
    );
    const user = userEvent.setup();
    renderWithProviders(<QuotationsPage />);
    const card = await screen.findByRole('article', { name: 'Payroll rollout' });
    await user.click(within(card).getByRole('button', { name: 'Actions for Payroll rollout' }));
    await user.click(screen.getByRole('menuitem', { name: 'View Details' }));
    const status = await screen.findByRole('status', { name: 'Mail to the client' });
    await user.click(within(status).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
  });
});
