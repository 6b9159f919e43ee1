import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, dismissToast, setSession } from '@app/shared';
import { type Goal } from '@app/shared/forms';
import { mockFetch, uid } from '../../../../test/fetch-mock';
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

  describe('who may change a goal', () => {
    const ME = uid(901);
    const COLLEAGUE = uid(902);
    const signIn = (isAdmin: boolean) =>
      setSession('token', {
        _id: ME,
        email: 'me@example.com',
        full_name: 'Me Myself',
        groups: [],
        is_admin: isAdmin,
        is_staff: true,
        created_at: '2026-01-01T00:00:00.000Z',
        visibility: 'all',
        team_id: null,
      });
    afterEach(() => {
      // Unmounted first: signing out re-renders whatever is still on screen.
      cleanup();
      clearSession();
    });

    const mine = goal(2, {
      name: 'My calls',
      user_id: ME,
      daily_calls: [{ date: dayOffset(0), calls_made: 3 }],
      start_date: dayOffset(-2),
      end_date: dayOffset(5),
    });
    const theirs = goal(3, { name: 'Their calls', user_id: COLLEAGUE });
    const nobodys = goal(4, { name: 'Nobody calls', user_id: null });

    it("offers Edit and Delete on the user's own goals only; an admin gets them on every goal", async () => {
      signIn(false);
      mockFetch(({ path }) => (path === '/crm/goals' ? { body: [mine, theirs, nobodys] } : undefined));
      const staff = renderWithProviders(<GoalsTab tenantId={TENANT_ID} />);
      await screen.findByRole('article', { name: 'Their calls' });
      expect(screen.getByRole('button', { name: 'Edit My calls' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Delete My calls' })).toBeInTheDocument();
      for (const name of ['Their calls', 'Nobody calls']) {
        expect(screen.queryByRole('button', { name: `Edit ${name}` })).not.toBeInTheDocument();
        expect(screen.queryByRole('button', { name: `Delete ${name}` })).not.toBeInTheDocument();
      }
      staff.unmount();

      signIn(true);
      renderWithProviders(<GoalsTab tenantId={TENANT_ID} />);
      await screen.findByRole('article', { name: 'Their calls' });
      for (const name of ['My calls', 'Their calls', 'Nobody calls']) expect(screen.getByRole('button', { name: `Delete ${name}` })).toBeInTheDocument();
    });

    it("shows the server's refusal to delete a goal with calls and ends the goal today instead", async () => {
      signIn(false);
      const detail =
        'The goal "My calls" has calls counted on it, and deleting it would take them off the dashboard and reports. End it instead: set its end date.';
      const { calls } = mockFetch(({ method, path, body }) => {
        if (method === 'GET' && path === '/crm/goals') return { body: [mine] };
        if (method === 'DELETE') return { status: 409, body: { detail } };
        if (method === 'PUT') return { body: { ...mine, ...(body as object) } };
        return undefined;
      });
      const user = userEvent.setup();
      renderWithProviders(<GoalsTab tenantId={TENANT_ID} />);
      await user.click(await screen.findByRole('button', { name: 'Delete My calls' }));
      await user.click(within(screen.getByRole('dialog', { name: 'Delete Goal' })).getByRole('button', { name: 'Delete' }));
      const end = await screen.findByRole('dialog', { name: 'End Goal' });
      expect(end).toHaveTextContent(detail);
      await user.click(within(end).getByRole('button', { name: 'End goal today' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
        path: `/crm/goals/${mine.id}`,
        body: { tenant_id: TENANT_ID, name: 'My calls', target_count: 10, start_date: dayOffset(-2), end_date: dayOffset(0) },
      });
      expect(await screen.findByText('Goal ended')).toBeInTheDocument();
    });

    it("shows the server's detail when it refuses a change", async () => {
      signIn(false);
      const detail = "Only the goal's user or an admin may change or delete this goal.";
      mockFetch(({ method, path }) => {
        if (method === 'GET' && path === '/crm/goals') return { body: [mine] };
        if (method === 'DELETE') return { status: 403, body: { detail } };
        return undefined;
      });
      const user = userEvent.setup();
      renderWithProviders(<GoalsTab tenantId={TENANT_ID} />);
      await user.click(await screen.findByRole('button', { name: 'Delete My calls' }));
      await user.click(within(screen.getByRole('dialog', { name: 'Delete Goal' })).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText(detail)).toBeInTheDocument();
    });
  });
});
