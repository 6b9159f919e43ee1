import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CallsReport, FunnelReport, PipelineReport, WonLostReport } from '@app/shared/forms';
import { mockFetch } from '../../../../test/fetch-mock';
import { TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ReportsTab } from '../reports-tab';

const range = { from: '2025-01-01', to: '2025-12-31' };
const pipeline: PipelineReport = {
  ...range,
  currency: 'EUR',
  stages: [
    {
      pipeline_stage_id: '00000000-0000-4000-8000-000000000001',
      name: 'Proposal',
      kind: 'open',
      color: '#123456',
      count: 3,
      value: '1500.00',
      weighted_value: '750.00',
    },
    {
      pipeline_stage_id: '00000000-0000-4000-8000-000000000002',
      name: 'Won',
      kind: 'won',
      color: '#654321',
      count: 2,
      value: '2000.50',
      weighted_value: null,
    },
  ],
  pipeline: { count: 4, value: '1750.00', weighted_value: '750.00' },
  won: { count: 2, value: '2000.50' },
  lost: { count: 0, value: '0.00' },
};
const wonLost: WonLostReport = {
  ...range,
  currency: 'EUR',
  months: [{ month: '2025-01', won_count: 3, won_value: '300.00', lost_count: 1, lost_value: '10.00', win_rate: 0.75 }],
  total: { won_count: 3, won_value: '300.00', lost_count: 1, lost_value: '10.00', win_rate: 0.75 },
  lost_reasons: [{ reason: 'Price', count: 1 }],
};
const calls: CallsReport = {
  ...range,
  users: [{ user_id: '00000000-0000-4000-8000-000000000009', name: 'Dana Caller' }],
  days: [{ day: '2025-03-01', user_id: '00000000-0000-4000-8000-000000000009', calls: 7, target: 10 }],
  total_calls: 7,
};
const funnel: FunnelReport = {
  ...range,
  steps: [
    { step: 'prospects', count: 40, rate: null },
    { step: 'leads', count: 10, rate: 0.25 },
    { step: 'won', count: 3, rate: 0.3 },
  ],
  median_days_to_won: 12.5,
};

function setup(teams: unknown = []) {
  const network = mockFetch(({ method, path }) => {
    if (method !== 'GET') return undefined;
    const reports: Record<string, unknown> = { pipeline, 'won-lost': wonLost, calls, funnel };
    const kind = /^\/crm\/reports\/(.+)$/.exec(path)?.[1];
    if (kind && reports[kind]) return { body: reports[kind] };
    if (path === '/crm/teams') return teams === null ? { status: 404, body: { detail: 'Not found.' } } : { body: teams };
    return undefined;
  });
  renderWithProviders(<ReportsTab tenantId={TENANT_ID} />);
  return { ...network, user: userEvent.setup() };
}

describe('ReportsTab', () => {
  it('shows each report as a described chart and a table of its figures, amounts in the tenant currency', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Pipeline by stage' });
    expect(screen.getByRole('img', { name: /Pipeline by stage, 2025-01-01 to 2025-12-31: value and weighted value in EUR/ })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Proposal3€1,500.00€750.00');
    // Won deals have no weighted value and are outside the open pipeline's total (one open deal has no stage).
    expect(rows[2]).toHaveTextContent('Won2€2,000.50—');
    expect(rows[3]).toHaveTextContent('Open pipeline4€1,750.00€750.00');
    expect(rows[4]).toHaveTextContent('Won2€2,000.50—');
    expect(rows[5]).toHaveTextContent('Lost0€0.00—');
    expect(await screen.findByRole('table', { name: 'Won and lost by month' })).toHaveTextContent('75.0%');
    expect(screen.getByRole('table', { name: 'Lost reasons' })).toHaveTextContent('Price1');
    expect(await screen.findByRole('table', { name: 'Calls per user per day' })).toHaveTextContent('2025-03-01Dana Caller710');
    expect(screen.getByRole('img', { name: /Calls per day.*daily target \(7 calls in all\)/ })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Funnel' })).toHaveTextContent('Of them, became leads1025.0%');
    expect(screen.getByText('12.5')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Download CSV/ })).toHaveLength(4);
  });

  it('asks again with the filters, refuses a reversed range, and offers teams only when there are some', async () => {
    const { user, calls: requests } = setup(null);
    await screen.findByRole('table', { name: 'Pipeline by stage' });
    expect(screen.queryByLabelText('Team')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Owner'), 'none');
    await waitFor(() => expect(requests.some((request) => request.path === '/crm/reports/pipeline' && request.query.get('owner_id') === 'none')).toBe(true));

    const to = screen.getByLabelText('To');
    await user.type(screen.getByLabelText('From'), '2025-05-01');
    await user.type(to, '2025-04-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('to: must not be before from');
    expect(requests.some((request) => request.query.get('to') === '2025-04-01')).toBe(false);
  });

  const closers = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Closers', tenant_id: TENANT_ID, member_ids: [] };
  it('shows the team filter when the tenant has teams', async () => {
    setup([closers]);
    const team = await screen.findByLabelText('Team');
    expect(within(team).getByRole('option', { name: 'Closers' })).toBeInTheDocument();
  });
});
