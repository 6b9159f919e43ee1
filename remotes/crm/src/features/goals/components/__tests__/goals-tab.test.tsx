import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@app/shared';
import { type Goal } from '@app/shared/forms';
import { mockFetch } from '../../../../test/fetch-mock';
import { goal, TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { toDateKey } from '../../utils/goal-metrics';
import { GoalsTab } from '../goals-tab';

const dayOffset = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return toDateKey(date);
};

// Started four days ago, so five days count; 10 a day expected, 18 made.
const active = goal(1, {
  name: 'March calls',
  description: 'Inbound follow-ups',
  start_date: dayOffset(-4),
  end_date: dayOffset(10),
  created_at: new Date(2020, 0, 1).toISOString(),
  daily_calls: [
    { date: dayOffset(-4), calls_made: 12 },
    { date: dayOffset(-3), calls_made: 6 },
  ],
});

function setup(goals: Goal[] = [active]) {
  const network = mockFetch(({ method, path }) => {
    if (method === 'GET' && path === '/crm/goals') return { body: goals };
    if (method === 'POST' && path === '/crm/goals') return { status: 201, body: goal(9) };
    return undefined;
  });
  const user = userEvent.setup();
  renderWithProviders(<GoalsTab tenantId={TENANT_ID} />);
  return { ...network, user };
}

afterEach(() => dismissToast());

describe('GoalsTab', () => {
  it('shows progress, averages, days left, a chart and coloured daily rows', async () => {
    setup();
    const card = await screen.findByRole('article', { name: 'March calls' });
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Progress of March calls' })).toHaveAttribute('aria-valuenow', '36');
    expect(within(card).getByText('36%')).toBeInTheDocument();
    expect(within(card).getByText('3.6')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: /Calls per day for the last 5 days against a daily target of 10/ })).toBeInTheDocument();
    const days = within(within(card).getByRole('list', { name: 'Daily calls' })).getAllByRole('listitem');
    expect(days.map((day) => day.getAttribute('data-tone'))).toEqual(['none', 'none', 'none', 'partial', 'met']);
    expect(days[3]).toHaveTextContent('6/10 · Below target');
    expect(days[4]).toHaveTextContent('12/10 · Target met');
    expect(days[0]).toHaveTextContent('0/10 · No calls');
  });

  it('says when there are no goals, and when the search finds none', async () => {
    const { user } = setup([]);
    expect(await screen.findByText('No goals set yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add Goal' })[0]!);
    expect(screen.getByRole('dialog', { name: 'Add New Goal' })).toBeInTheDocument();
  });

  it('searches goals by name, description, target or date', async () => {
    const { user } = setup();
    await screen.findByRole('article', { name: 'March calls' });
    await user.type(screen.getByRole('searchbox', { name: 'Search goals' }), 'inbound');
    expect(screen.getByRole('article', { name: 'March calls' })).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search goals' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search goals' }), 'nothing like it');
    expect(screen.getByText('No goals found')).toBeInTheDocument();
  });

  it('offers a week from today and takes a goal of one day', async () => {
    const { user, calls } = setup();
    await screen.findByRole('article', { name: 'March calls' });
    await user.click(screen.getByRole('button', { name: 'Add Goal' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Goal' });
    expect(within(dialog).getByLabelText('Start date')).toHaveValue(dayOffset(0));
    expect(within(dialog).getByLabelText('End date')).toHaveValue(dayOffset(6));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'One day');
    const end = within(dialog).getByLabelText('End date');
    await user.clear(end);
    await user.type(end, dayOffset(-1));
    await user.click(within(dialog).getByRole('button', { name: 'Create Goal' }));
    expect(within(dialog).getByText('End date cannot be before start date.')).toBeInTheDocument();
    await user.clear(end);
    await user.type(end, dayOffset(0));
    await user.click(within(dialog).getByRole('button', { name: 'Create Goal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ name: 'One day', start_date: dayOffset(0), end_date: dayOffset(0) });
  });

  it('validates a new goal and sends it trimmed, with the default target of 10', async () => {
    const { user, calls } = setup();
    await screen.findByRole('article', { name: 'March calls' });
    await user.click(screen.getByRole('button', { name: 'Add Goal' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Goal' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Target count (calls per day)' })).toHaveValue(10);
    await user.click(within(dialog).getByRole('button', { name: 'Create Goal' }));
    expect(within(dialog).getByText('Goal name is required. Please enter a name for the goal.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' April push ');
    const target = within(dialog).getByRole('spinbutton', { name: 'Target count (calls per day)' });
    await user.clear(target);
    await user.type(target, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create Goal' }));
    expect(within(dialog).getByText('Target count must be greater than 0.')).toBeInTheDocument();

    await user.clear(target);
    await user.type(target, '25');
    const end = within(dialog).getByLabelText('End date');
    await user.clear(end);
    await user.type(end, dayOffset(30));
    await user.click(within(dialog).getByRole('button', { name: 'Create Goal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      tenant_id: TENANT_ID,
      name: 'April push',
      target_count: 25,
      start_date: dayOffset(0),
      end_date: dayOffset(30),
      description: null,
    });
  });
});
