import { screen, within } from '@testing-library/react';
import { deferred, mockFetch, signIn, type MockResponse } from '../../../../test/fetch-mock';
import { TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { DashboardStats } from '../dashboard-stats';

const STATS = { total_prospects: 1234, today_calls_made: 7, today_calls_goal: 40, visible_calls: { scope: 'all', made: 19, goal: 120 } };

function cards() {
  return within(screen.getByRole('group', { name: 'Dashboard statistics' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);
}

describe('DashboardStats', () => {
  afterEach(() => window.localStorage.clear());

  it('has every card and line while the figures load, so nothing below moves when they come', async () => {
    signIn({ isAdmin: true });
    const answer = deferred<MockResponse>();
    mockFetch(() => answer.promise);
    renderWithProviders(<DashboardStats tenantId={TENANT_ID} />);

    expect(cards()).toEqual(['Total Prospects', "Today's Calls", "Everyone's Calls Today"]);
    expect(screen.getAllByLabelText('Loading')).toHaveLength(5);
    expect(screen.getAllByText(/^Goal:/)).toHaveLength(2);
    expect(screen.getByText('Your own calls, beside your goals')).toBeInTheDocument();

    answer.resolve({ status: 200, body: STATS });
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(cards()).toEqual(['Total Prospects', "Today's Calls", "Everyone's Calls Today"]);
    expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument();
    expect(screen.getByText('Goal: 40')).toBeInTheDocument();
    expect(screen.getByText('Goal: 120')).toBeInTheDocument();
    expect(screen.getByText('19')).toBeInTheDocument();
  });

  it('keeps no place for the calls of others when the account sees only its own', async () => {
    signIn({ isAdmin: false });
    const user = JSON.parse(window.localStorage.getItem('auth_user')!);
    window.localStorage.setItem('auth_user', JSON.stringify({ ...user, visibility: 'own' }));
    const answer = deferred<MockResponse>();
    mockFetch(() => answer.promise);
    renderWithProviders(<DashboardStats tenantId={TENANT_ID} />);

    expect(cards()).toEqual(['Total Prospects', "Today's Calls"]);
    answer.resolve({ status: 200, body: { ...STATS, visible_calls: null } });
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(cards()).toEqual(['Total Prospects', "Today's Calls"]);
  });

  it('shows a dash for each figure when the figures cannot be had', async () => {
    signIn({ isAdmin: true });
    mockFetch(() => ({ status: 403, body: { detail: 'No access.' } }));
    renderWithProviders(<DashboardStats tenantId={TENANT_ID} />);
    expect(await screen.findAllByText('—')).toHaveLength(2);
    expect(cards()).toEqual(['Total Prospects', "Today's Calls"]);
  });
});
