import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CallsReport, FunnelReport, PipelineReport, ReportLag, WonLostReport } from '@app/shared/forms';
import { mockFetch } from '../../../../test/fetch-mock';
import { TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { useLocation } from 'react-router';
import { ReportsTab } from '../reports-tab';

function AddressProbe() {
  return <output aria-label="address">{useLocation().search}</output>;
}
const address = () => screen.getByRole('status', { name: 'address' }).textContent;
const reportCalls = (calls: { path: string; query: URLSearchParams }[]) => calls.filter((call) => call.path.startsWith('/crm/reports/'));

const range = { from: '2025-01-01', to: '2025-12-31', lag: null };
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

function setup(teams: unknown = [], route?: string, refuse?: string, lags: Partial<Record<string, ReportLag>> = {}) {
  const network = mockFetch(({ method, path }) => {
    if (method !== 'GET') return undefined;
    if (refuse && path.startsWith('/crm/reports/')) return { status: 400, body: { detail: refuse } };
    const reports: Record<string, unknown> = Object.fromEntries(
      Object.entries({ pipeline, 'won-lost': wonLost, calls, funnel }).map(([kind, report]) => [kind, { ...report, lag: lags[kind] ?? null }]),
    );
    const kind = /^\/crm\/reports\/(.+)$/.exec(path)?.[1];
    if (kind && reports[kind]) return { body: reports[kind] };
    if (path === '/crm/teams') return teams === null ? { status: 404, body: { detail: 'Not found.' } } : { body: teams };
    return undefined;
  });
  renderWithProviders(
    <>
      <ReportsTab tenantId={TENANT_ID} />
      <AddressProbe />
    </>,
    { route },
  );
  return { ...network, user: userEvent.setup() };
}

const closers = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Closers', tenant_id: TENANT_ID, member_ids: [] };

describe('ReportsTab', () => {
  it('says how old the figures are when the reporting copy is behind, by the oldest report', async () => {
    const asOf = new Date(Date.now() - 130_000);
    setup([], undefined, undefined, {
      calls: { as_of: asOf.toISOString(), behind_seconds: 130 },
      funnel: { as_of: new Date(Date.now() - 8_000).toISOString(), behind_seconds: 8 },
    });
    const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(asOf);
    expect((await screen.findByText(/^Figures as of/)).textContent).toBe(`Figures as of ${time} (the reporting copy is 2 minutes behind)`);
  });

  it('shows no note on figures that are current', async () => {
    setup();
    await screen.findByRole('table', { name: 'Funnel' });
    expect(screen.queryByText(/Figures as of/)).not.toBeInTheDocument();
  });

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

  it('asks again with the filters and keeps them in the address', async () => {
    const { user, calls: requests } = setup(null);
    await screen.findByRole('table', { name: 'Pipeline by stage' });
    expect(screen.queryByLabelText('Team')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Owner'), 'none');
    await waitFor(() => expect(requests.some((request) => request.path === '/crm/reports/pipeline' && request.query.get('owner_id') === 'none')).toBe(true));
    await user.type(screen.getByLabelText('From'), '2025-05-01');
    expect(address()).toBe('?owner_id=none&from=2025-05-01');
    await waitFor(() => expect(requests.some((request) => request.query.get('from') === '2025-05-01' && request.query.get('owner_id') === 'none')).toBe(true));
  });

  it('opens on the filters a link holds', async () => {
    const { calls: requests } = setup([], '/crm?tab=reports&from=2025-02-01&to=2025-03-31&owner_id=none');
    await screen.findByRole('table', { name: 'Pipeline by stage' });
    expect(screen.getByLabelText('From')).toHaveValue('2025-02-01');
    expect(screen.getByLabelText('To')).toHaveValue('2025-03-31');
    expect(screen.getByLabelText('Owner')).toHaveValue('none');
    const asked = reportCalls(requests);
    expect(asked).toHaveLength(4);
    for (const request of asked)
      expect([request.query.get('from'), request.query.get('to'), request.query.get('owner_id')]).toEqual(['2025-02-01', '2025-03-31', 'none']);
  });

  it('says beside each field what is wrong with a link, and asks for no report', async () => {
    const { calls: requests } = setup([], '/crm?tab=reports&from=2025-02-30&owner_id=everyone&team_id=x');
    expect(await screen.findByLabelText('From')).toHaveAccessibleDescription(/from: must be a date \(YYYY-MM-DD\)/);
    expect(screen.getByLabelText('Owner')).toHaveAccessibleDescription(/owner_id:/);
    expect(screen.getByLabelText('Team')).toHaveAccessibleDescription(/team_id: must be a valid team id/);
    expect(screen.getAllByText('No figures while the range is invalid: correct From or To above.')).toHaveLength(4);
    expect(reportCalls(requests)).toEqual([]);
  });

  it("names beside its field a filter the server refuses (another tenant's team, from an older link), with no figures", async () => {
    setup([closers], `/crm?tab=reports&team_id=${closers.id.replace(/a+$/, 'bb')}`, 'team_id: no such team in this tenant');
    await waitFor(() => expect(screen.getByLabelText('Team')).toHaveAccessibleDescription(/team_id: no such team in this tenant/));
    expect(screen.getAllByText('No figures while the filters are invalid: correct the field marked above.')).toHaveLength(4);
    expect(screen.queryByText(/Failed to load/)).not.toBeInTheDocument();
  });

  it('shows a reversed range beside To and no figures of the range before', async () => {
    const { user, calls: requests } = setup();
    expect(await screen.findByRole('table', { name: 'Pipeline by stage' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('From'), '2025-05-01');
    await user.type(screen.getByLabelText('To'), '2025-04-01');
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(/to: must not be before from/);
    expect(screen.getAllByText('No figures while the range is invalid: correct From or To above.')).toHaveLength(4);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    for (const button of screen.getAllByRole('button', { name: /^Download CSV/ })) expect(button).toBeDisabled();
    expect(requests.some((request) => request.query.get('to') === '2025-04-01')).toBe(false);
  });

  it('draws a value axis on every chart, counts as whole numbers and amounts in the tenant currency, up to a tick covering the largest', async () => {
    setup();
    await screen.findByRole('table', { name: 'Calls per user per day' });
    await screen.findByRole('table', { name: 'Funnel' });
    const ticks = (name: RegExp) => {
      const chart = screen.getByRole('img', { name });
      return [...chart.querySelectorAll('[data-axis="value"] text')].map((text) => text.textContent);
    };
    expect(ticks(/^Pipeline by stage/)).toEqual(['€0', '€500', '€1,000', '€1,500', '€2,000', '€2,500']);
    expect(ticks(/^Leads won and lost/)).toEqual(['0', '1', '2', '3']);
    expect(ticks(/^Calls per day/)).toEqual(['0', '2', '4', '6', '8', '10']);
    expect(ticks(/^Funnel/)).toEqual(['0', '10', '20', '30', '40']);
    expect(document.querySelectorAll('svg[role="img"]')).toHaveLength(4);
  });

  it('shows the team filter when the tenant has teams', async () => {
    setup([closers]);
    const team = await screen.findByLabelText('Team');
    expect(within(team).getByRole('option', { name: 'Closers' })).toBeInTheDocument();
  });
});
