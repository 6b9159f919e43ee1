import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, dismissToast, setSession } from '@app/shared';
import { mockFetch } from '../../../../test/fetch-mock';
import { goal, lead, prospect, statusOption, TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { UpdateStatusDialog } from '../update-status-dialog';

const statuses = [
  statusOption(1, { name: 'Interested', description: 'Wants a demo', converts_to_lead: true }),
  statusOption(2, { name: 'Call Back' }),
  statusOption(3, { name: 'Do Not Call', removes_from_prospects: true }),
];
const ME = '00000000-0000-4000-8000-00000000c0de';
const COLLEAGUE = '00000000-0000-4000-8000-00000000beef';
// As the server offers them to a manager: a teammate's goal first, then the caller's own, then one of nobody.
const goals = [
  goal(1, { name: 'March calls', user_id: COLLEAGUE }),
  goal(2, { name: 'Spring push', user_id: ME }),
  goal(3, { name: 'Team target', user_id: null }),
];
const target = prospect(1, { name: 'Northwind Logistics', status_name: 'New' });

function setup(handler: Parameters<typeof mockFetch>[0] = () => undefined) {
  const network = mockFetch(handler);
  const onDismiss = jest.fn();
  const user = userEvent.setup();
  renderWithProviders(<UpdateStatusDialog tenantId={TENANT_ID} prospect={target} statuses={statuses} goals={goals} onDismiss={onDismiss} />);
  return { ...network, onDismiss, user };
}

beforeEach(() =>
  setSession('token', {
    _id: ME,
    email: 'me@example.com',
    full_name: 'Me',
    groups: [],
    is_admin: false,
    is_staff: true,
    created_at: '2026-01-01T00:00:00.000Z',
    visibility: 'team',
    team_id: null,
  }),
);
afterEach(() => {
  dismissToast();
  clearSession();
});

describe('UpdateStatusDialog', () => {
  it("shows the prospect and offers the goal picker only once a call was made, the caller's own goal preselected", async () => {
    const { user } = setup();
    const dialog = screen.getByRole('dialog', { name: 'Update Prospect Status' });
    expect(within(dialog).getByText('Northwind Logistics')).toBeInTheDocument();
    expect(within(dialog).getByText(target.phone1)).toBeInTheDocument();
    expect(within(dialog).getByText('New')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Goal (optional)' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: "Call was made (increments today's calls)" }));
    const picker = screen.getByRole('combobox', { name: 'Goal (optional)' });
    expect(picker).toHaveValue('Spring push');

    await user.click(screen.getByRole('checkbox', { name: /Call was made/ }));
    expect(screen.queryByRole('combobox', { name: 'Goal (optional)' })).not.toBeInTheDocument();
  });

  it('records a call on no goal: No goal is offered first, and chosen when the picker is cleared', async () => {
    const { user, calls } = setup(({ method, path, body }) =>
      method === 'POST' && path === '/crm/prospects/change-status'
        ? {
            body: {
              message: 'ok',
              prospect_id: target.id,
              status_name: 'Call Back',
              lead_created: false,
              calls_incremented: true,
              should_remove_from_prospects: false,
              lead_data: null,
              prospect: { ...target, status_id: (body as { status_id: string }).status_id, status_name: 'Call Back' },
            },
          }
        : undefined,
    );
    await user.type(screen.getByRole('combobox', { name: 'Status' }), 'call');
    await user.click(screen.getByRole('option', { name: 'Call Back' }));
    await user.click(screen.getByRole('checkbox', { name: /Call was made/ }));
    const goalPicker = screen.getByRole('combobox', { name: 'Goal (optional)' });
    await user.click(within(goalPicker.parentElement!).getByRole('button', { name: 'Clear selection' }));
    await user.click(goalPicker);
    expect(screen.getAllByRole('option').map((option) => option.textContent)[0]).toBe('No goalCounted as your call, on no goal');
    await user.keyboard('{Escape}');
    expect(goalPicker).toHaveValue('');
    expect(goalPicker).toHaveAttribute('placeholder', 'No goal (search goals...)');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    await waitFor(() => expect(calls.find((call) => call.path === '/crm/prospects/change-status')).toBeDefined());
    expect(calls.find((call) => call.path === '/crm/prospects/change-status')?.body).toMatchObject({ prospect_contacted: true, goal_id: null });
  });

  it('searches statuses and goals by name or description and says when nothing matches', async () => {
    const { user } = setup();
    const statusPicker = screen.getByRole('combobox', { name: 'Status' });
    await user.type(statusPicker, 'zzz');
    expect(screen.getByText('No status found matching "zzz"')).toBeInTheDocument();
    await user.clear(statusPicker);
    await user.type(statusPicker, 'DEMO');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['InterestedWants a demo']);

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('checkbox', { name: /Call was made/ }));
    const goalPicker = screen.getByRole('combobox', { name: 'Goal (optional)' });
    await user.click(within(goalPicker.parentElement!).getByRole('button', { name: 'Clear selection' }));
    await user.type(goalPicker, 'nothing');
    expect(screen.getByText('No goal found matching "nothing"')).toBeInTheDocument();
    await user.clear(goalPicker);
    await user.type(goalPicker, 'spring');
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });

  it('sends the change and reports a created lead', async () => {
    const { user, calls, onDismiss } = setup(({ method, path, body }) => {
      if (method === 'POST' && path === '/crm/prospects/change-status') {
        const request = body as { prospect_id: string; status_id: string };
        return {
          body: {
            message: 'ok',
            prospect_id: request.prospect_id,
            status_name: 'Interested',
            lead_created: true,
            calls_incremented: true,
            should_remove_from_prospects: true,
            lead_data: lead(1, { prospect_id: request.prospect_id }),
            prospect: { ...target, status_id: request.status_id, status_name: 'Interested' },
          },
        };
      }
      return { body: {} };
    });
    await user.type(screen.getByRole('combobox', { name: 'Status' }), 'inter');
    await user.click(screen.getByRole('option', { name: /Interested/ }));
    await user.click(screen.getByRole('checkbox', { name: /Call was made/ }));
    await user.type(screen.getByRole('textbox', { name: 'Notes (optional)' }), ' Asked for pricing ');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));

    await waitFor(() => expect(onDismiss).toHaveBeenCalled());
    expect(calls.find((call) => call.path === '/crm/prospects/change-status')?.body).toEqual({
      prospect_id: target.id,
      status_id: statuses[0]!.id,
      prospect_contacted: true,
      goal_id: goals[1]!.id,
      notes: 'Asked for pricing',
    });
    expect(await screen.findByText(/Prospect status has been updated to "Interested"\. A new lead has been created/)).toBeInTheDocument();
  });

  it("shows the server's detail when the change fails", async () => {
    const { user, onDismiss } = setup(({ path }) =>
      path === '/crm/prospects/change-status' ? { status: 400, body: { detail: 'That status is no longer active.' } } : undefined,
    );
    await user.type(screen.getByRole('combobox', { name: 'Status' }), 'call');
    await user.click(screen.getByRole('option', { name: 'Call Back' }));
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText('Error Updating Status')).toBeInTheDocument();
    expect(screen.getByText('That status is no longer active.')).toBeInTheDocument();
    expect(onDismiss).not.toHaveBeenCalled();
  });
});
