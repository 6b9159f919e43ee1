import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CallCard, Prospect, StatusOption } from '@app/shared/forms';
import { mockFetch } from '../../../../test/fetch-mock';
import { goal, prospect, statusOption, TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { CallQueueScreen } from '../call-queue-screen';

const statuses = [statusOption(1, { name: 'New' }), statusOption(2, { name: 'No Answer' }), statusOption(3, { name: 'Interested' })];
const daily = goal(1, { name: 'Daily calls', target_count: 10 });

const weekly = goal(2, { name: 'Follow-up calls', target_count: 20 });

function cardOf(row: Prospect, forGoal: typeof daily | null = daily, callsToday = 3): CallCard {
  return {
    prospect: row,
    activities: [],
    claim_expires_at: new Date(Date.now() + 300_000).toISOString(),
    callback: null,
    goal: forGoal && { id: forGoal.id, name: forGoal.name, target_count: forGoal.target_count, calls_today: callsToday },
  };
}

function setup(rows: Prospect[], tenantStatuses: StatusOption[] = statuses, offered = [daily, weekly]) {
  const queue = [...rows];
  const network = mockFetch(({ method, path, body }) => {
    if (method === 'GET' && path === '/crm/callbacks') return { body: { callbacks: [] } };
    if (method === 'POST' && path === '/crm/call-queue/next') {
      const next = queue.shift();
      const goalId = (body as { goal_id?: string | null }).goal_id;
      const forGoal = goalId === weekly.id ? weekly : goalId === daily.id ? daily : null;
      return next ? { body: cardOf(next, forGoal, forGoal === weekly ? 13 : 3) } : { status: 204 };
    }
    const outcome = /^\/crm\/call-queue\/([^/]+)\/outcome$/.exec(path);
    if (method === 'POST' && outcome) {
      // Without a status (a callback), the server records the tenant's callback status.
      const status = tenantStatuses.find((s) => s.id === (body as { status_id?: string }).status_id) ?? tenantStatuses.find((s) => s.is_callback)!;
      const row = rows.find((r) => r.id === outcome[1])!;
      return {
        body: {
          message: 'ok',
          prospect_id: row.id,
          status_name: status.name,
          lead_created: status.name === 'Interested',
          calls_incremented: true,
          should_remove_from_prospects: false,
          lead_data: null,
          prospect: row,
          callback: null,
        },
      };
    }
    if (method === 'POST' && /\/skip$/.test(path)) return { body: { message: 'Prospect skipped.' } };
    return undefined;
  });
  const user = userEvent.setup();
  renderWithProviders(<CallQueueScreen tenantId={TENANT_ID} statuses={tenantStatuses} goals={offered} filter={{}} />);
  return { ...network, user };
}

describe('CallQueueScreen', () => {
  it('records outcomes by number keys, skips with S, announces each prospect and sums up the session', async () => {
    const rows = [prospect(1, { name: 'Alder Works' }), prospect(2, { name: 'Birch Foods' }), prospect(3, { name: 'Cedar Print' })];
    const { user, calls } = setup(rows);
    expect(await screen.findByRole('status')).toHaveTextContent('Now calling Alder Works.');
    expect(screen.getByRole('button', { name: '2 No Answer' })).toBeVisible();
    // Focus starts on the first prospect's name, where a screen reader begins reading the card.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Alder Works' })).toHaveFocus());

    expect(screen.getByText('Daily calls: 3 of 10 calls today')).toBeVisible();
    await user.keyboard('2');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Now calling Birch Foods.'));
    // Birch Foods was claimed ahead with the count of then: the progress is the one after the call.
    expect(screen.getByText('Daily calls: 4 of 10 calls today')).toBeVisible();
    const outcome = calls.find((call) => call.path.endsWith('/outcome'))!;
    expect(outcome.body).toMatchObject({ status_id: statuses[1].id, goal_id: daily.id });

    await user.keyboard('s');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Now calling Cedar Print.'));
    expect(screen.getByText('Daily calls: 4 of 10 calls today')).toBeVisible();
    expect(calls.some((call) => call.path === `/crm/call-queue/${rows[1].id}/skip`)).toBe(true);

    await user.keyboard('3');
    expect(await screen.findByRole('heading', { name: 'Session summary' })).toBeVisible();
    expect(screen.getByText('Calls made').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Leads created').nextElementSibling).toHaveTextContent('1');
    // Several round trips of typed keys: room for a busy machine.
  }, 20_000);

  it('a switch of goal shows the chosen goal and its count on the next cards, and hands back those claimed for the other', async () => {
    const rows = [
      prospect(1, { name: 'Alder Works' }),
      prospect(2, { name: 'Birch Foods' }),
      prospect(3, { name: 'Cedar Print' }),
      prospect(4, { name: 'Dune Farms' }),
      prospect(5, { name: 'Elm Studio' }),
      prospect(6, { name: 'Fir Labs' }),
    ];
    const { user, calls } = setup(rows);
    expect(await screen.findByText('Daily calls: 3 of 10 calls today')).toBeVisible();
    await waitFor(() => expect(calls.filter((call) => call.path === '/crm/call-queue/next')).toHaveLength(3));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Goal (optional)' }), weekly.id);
    expect(await screen.findByText('Follow-up calls: 13 of 20 calls today')).toBeVisible();
    // The cards claimed ahead for the daily goal went back to the other callers.
    await waitFor(() => expect(calls.filter((call) => call.path.endsWith('/skip')).length).toBeGreaterThanOrEqual(2));

    // The select keeps the keys while it has focus: the caller clicks the outcome's button.
    await user.click(screen.getByRole('button', { name: '2 No Answer' }));
    await waitFor(() => expect(screen.getByText('Follow-up calls: 14 of 20 calls today')).toBeVisible());
    const outcome = calls.find((call) => call.path.endsWith('/outcome'))!;
    expect(outcome.body).toMatchObject({ goal_id: weekly.id });
  });

  it('works without a goal: none offered, the calls are recorded on no goal', async () => {
    const rows = [prospect(1, { name: 'Alder Works' }), prospect(2, { name: 'Birch Foods' })];
    const { user, calls } = setup(rows, statuses, []);
    expect(await screen.findByRole('status')).toHaveTextContent('Now calling Alder Works.');
    expect(screen.getByRole('combobox', { name: 'Goal (optional)' })).toHaveValue('');
    expect(screen.getByText('No goal: your calls count for you, on no goal.')).toBeVisible();
    await user.keyboard('2');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Now calling Birch Foods.'));
    expect(calls.find((call) => call.path === '/crm/call-queue/next')?.body).toMatchObject({ goal_id: null });
    expect(calls.find((call) => call.path.endsWith('/outcome'))?.body).toMatchObject({ status_id: statuses[1].id, goal_id: null });
  });

  it('leaves the keys to the note field while it is being written', async () => {
    const { user, calls } = setup([prospect(1, { name: 'Alder Works' })]);
    await screen.findByText('Now calling Alder Works.');
    await user.keyboard('n');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveFocus();
    await user.keyboard('12 rings');
    expect(calls.some((call) => call.path.endsWith('/outcome'))).toBe(false);
    await user.keyboard('{Escape}1');
    await waitFor(() => expect(calls.find((call) => call.path.endsWith('/outcome'))?.body).toMatchObject({ note: '12 rings' }));
  });

  it("C schedules a callback, which records the tenant's callback status", async () => {
    const withCallBack = [...statuses, statusOption(4, { name: 'Call Back', is_callback: true })];
    const { user, calls } = setup([prospect(1, { name: 'Alder Works' }), prospect(2, { name: 'Birch Foods' })], withCallBack);
    await screen.findByText('Now calling Alder Works.');
    await user.keyboard('c');
    const dialog = screen.getByRole('dialog', { name: 'Schedule a callback' });
    expect(dialog).toHaveTextContent('The call is recorded as Call Back.');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Now calling Birch Foods.'));
    const outcome = calls.find((call) => call.path.endsWith('/outcome'))!;
    expect(outcome.body).toMatchObject({ goal_id: daily.id, callback_at: expect.any(String) });
    expect((outcome.body as { status_id?: string }).status_id).toBeUndefined();
  });

  it('C in a tenant without a callback status says so and records nothing', async () => {
    const { user, calls } = setup([prospect(1, { name: 'Alder Works' })]);
    await screen.findByText('Now calling Alder Works.');
    await user.keyboard('c');
    expect(screen.getByRole('alert')).toHaveTextContent('This tenant has no active callback status. Tick "Callback status" on a status under Manage Status');
    expect(screen.queryByRole('dialog', { name: 'Schedule a callback' })).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/outcome'))).toBe(false);
  });
});
