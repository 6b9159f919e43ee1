import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEvent } from '@app/shared/forms';
import { mockFetch, signIn, type MockRequest } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import AuditPage from '../../../../pages/audit-page';

const TENANT = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Demo Co',
  domain: 'demo.example.com',
  description: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

function entry(n: number, change: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    created_at: `2026-03-0${n}T10:00:00.000Z`,
    actor_user_id: null,
    actor_email: 'ada@example.com',
    tenant_id: TENANT.id,
    action: 'prospect.deleted',
    target_type: 'prospect',
    target_id: `p-${n}`,
    target_name: null,
    client_ip: '10.0.0.1',
    details: { name: `Company ${n}` },
    ...change,
  };
}

/** The audit API paging by cursor as the server does, and every query it was asked. */
function auditApi(pages: AuditEvent[][]) {
  const asked: URLSearchParams[] = [];
  mockFetch((request: MockRequest) => {
    if (request.path === '/crm/tenants') return { body: [TENANT] };
    if (request.path !== '/audit-events') return undefined;
    asked.push(request.query);
    const index = Number(request.query.get('before') ?? 0);
    return { body: { events: pages[index], next: index + 1 < pages.length ? String(index + 1) : null } };
  });
  return asked;
}

beforeEach(() => signIn());
afterEach(() => window.localStorage.clear());

describe('AuditPage', () => {
  it('shows who did what, where and when, and loads older entries on demand', async () => {
    auditApi([[entry(3, { action: 'auth.sign_in_failed', target_type: 'user', details: { email: 'eve@example.com', reason: 'wrong password' } })], [entry(1)]]);
    renderWithProviders(<AuditPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const first = within(table).getAllByRole('row')[1];
    expect(within(first).getByText('Failed sign-in')).toBeInTheDocument();
    expect(within(first).getByText('eve@example.com')).toBeInTheDocument();
    expect(within(first).getByText('10.0.0.1')).toBeInTheDocument();
    expect(within(first).getByText('Demo Co')).toBeInTheDocument();
    expect(within(first).getByText('email: eve@example.com; reason: wrong password')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Company 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 entries');
  });

  it('names each target as the server does, with its id in a tooltip on the name; a nameless target shows its id', async () => {
    const tenantId = '22222222-2222-4222-8222-222222222222';
    const quotationId = '33333333-3333-4333-8333-333333333333';
    auditApi([
      [
        entry(4, { action: 'tenant.updated', target_type: 'tenant', target_id: tenantId, target_name: 'Renamed Co', details: { name: 'Old Co' } }),
        entry(3, { action: 'quotation.duplicated', target_type: 'quotation', target_id: quotationId, target_name: 'Q-2026-0007', details: {} }),
        entry(2, { action: 'lead.deleted', target_type: 'lead', target_id: 'lead-without-name', target_name: null, details: {} }),
      ],
    ]);
    renderWithProviders(<AuditPage />);
    const table = await screen.findByRole('table');
    const [, tenantRow, quotationRow, leadRow] = within(table).getAllByRole('row');

    const tenant = within(tenantRow).getByText('Renamed Co');
    expect(tenant).toHaveAccessibleDescription(`Id: ${tenantId}`);
    expect(tenant).toHaveAttribute('tabindex', '0');
    expect(within(tenantRow).getByRole('tooltip', { hidden: true })).toHaveTextContent(`Id: ${tenantId}`);
    expect(within(tenantRow).queryByText('Old Co')).not.toBeInTheDocument();
    expect(within(tenantRow).getByText('tenant')).toBeInTheDocument();

    expect(within(quotationRow).getByText('Q-2026-0007')).toHaveAccessibleDescription(`Id: ${quotationId}`);
    expect(within(quotationRow).getByText('Quotation duplicated')).toBeInTheDocument();

    expect(within(leadRow).getByRole('cell', { name: 'lead lead-without-name' })).toBeInTheDocument();
    expect(within(leadRow).queryByRole('tooltip', { hidden: true })).not.toBeInTheDocument();
  });

  it('asks the server for the chosen action, person, tenant and days', async () => {
    const asked = auditApi([[entry(2)]]);
    renderWithProviders(<AuditPage />);
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Prospect deleted');
    await userEvent.type(screen.getByLabelText('Who'), 'ada');
    await userEvent.selectOptions(screen.getByLabelText('Tenant'), 'Demo Co');
    await userEvent.type(screen.getByLabelText('From'), '2026-03-01');
    await waitFor(() => {
      const last = asked[asked.length - 1];
      expect([last.get('action'), last.get('actor'), last.get('tenant_id')]).toEqual(['prospect.deleted', 'ada', TENANT.id]);
      expect(new Date(last.get('from')!).getDate()).toBe(1);
    });
  });

  it('offers to clear the filters when nothing matches', async () => {
    auditApi([[]]);
    renderWithProviders(<AuditPage />);
    expect(await screen.findByText('Nothing has been recorded yet')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Search the audit log'), 'zzz');
    await userEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(screen.getByLabelText('Search the audit log')).toHaveValue('');
  });
});
