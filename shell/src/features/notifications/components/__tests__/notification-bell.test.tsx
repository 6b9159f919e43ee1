import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, signIn, uid } from '@app/shared/testing/fetch-mock';
import type { Notification } from '@app/shared/forms';
import { useLocation } from 'react-router';
import { renderWithShell } from '../../../../test/render';
import { NOTIFICATIONS_POLL_MS } from '../../api/get-notifications';
import { NotificationBell } from '../notification-bell';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function notification(n: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: uid(n),
    kind: 'record_assigned',
    text: `Ada assigned you the prospect Acme ${n}`,
    prospect_id: uid(100 + n),
    lead_id: null,
    quotation_id: null,
    link: `/crm/prospects/${uid(100 + n)}`,
    read_at: null,
    created_at: ago(n * 5),
    ...overrides,
  };
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const bellOnPage = () =>
  renderWithShell(
    <>
      <NotificationBell />
      <Where />
    </>,
  );

function server(initial: Notification[]) {
  let rows = initial;
  const answer = () => ({
    body: { notifications: rows, unread: rows.filter((n) => n.read_at === null).length, total: rows.length, page: 1, limit: 20 },
  });
  const network = mockFetch(({ method, path }) => {
    if (method === 'GET' && path === '/notifications') return answer();
    if (method === 'POST' && path === '/notifications/read-all') {
      rows = rows.map((n) => ({ ...n, read_at: n.read_at ?? ago(0) }));
      return { body: { unread: 0 } };
    }
    const one = path.match(/^\/notifications\/(.+)\/read$/);
    if (method === 'POST' && one) {
      rows = rows.map((n) => (n.id === one[1] ? { ...n, read_at: ago(0) } : n));
      return { body: { unread: rows.filter((n) => n.read_at === null).length } };
    }
    return undefined;
  });
  return { network, add: (row: Notification) => (rows = [row, ...rows]) };
}

describe('NotificationBell', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => jest.useRealTimers());

  it('says how many are unread, lists them newest first, and opening one marks it read and goes to its record', async () => {
    const { network } = server([notification(1), notification(2, { read_at: ago(1), text: 'Quotation Q-7 was viewed by the client', link: '/quotations' })]);
    bellOnPage();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = within(panel).getAllByRole('button', { name: /Acme 1|Q-7/ });
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Unread: Ada assigned you the prospect Acme 1(5|4) minutes ago$/),
      expect.stringMatching(/^Quotation Q-7 was viewed by the client10 minutes ago$/),
    ]);
    await userEvent.click(items[0]!);
    await waitFor(() => expect(network.calls.some((call) => call.method === 'POST' && call.path === `/notifications/${uid(1)}/read`)).toBe(true));
    expect(screen.getByTestId('where')).toHaveTextContent(`/crm/prospects/${uid(101)}`);
  });

  it('marks all read, and closes on Escape with focus back on the bell', async () => {
    server([notification(1), notification(2)]);
    bellOnPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();
  });

  it('hears of a new one at the next poll, without a reload', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const { add, network } = server([]);
    bellOnPage();
    await waitFor(() => expect(network.calls.filter((call) => call.path === '/notifications')).toHaveLength(1));
    add(notification(3, { created_at: new Date().toISOString() }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_MS - 1_000);
    });
    expect(network.calls.filter((call) => call.path === '/notifications')).toHaveLength(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_100);
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('an account without staff access has no bell and asks for no notifications', async () => {
    localStorage.clear();
    signIn({ isAdmin: false, isStaff: false });
    const { network } = server([notification(1)]);
    bellOnPage();
    await screen.findByTestId('where');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
    expect(network.calls.filter((call) => call.path.startsWith('/notifications'))).toEqual([]);
  });
});
