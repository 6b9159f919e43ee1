import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@app/shared';
import { formatDateTimeLong } from '@app/shared/staff';
import { type SupportMessage } from '@app/shared/forms';
import { mockFetch, signIn, type MockRequest, type MockResponse } from '../../../../test/fetch-mock';
import { message } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import MessagesPage from '../../../../pages/messages-page';

const OLDER = message(1, {
  name: 'Grace Hopper',
  email: 'grace@navy.test',
  phone: '+1 555 0100',
  subject: 'Payofina enquiry',
  message: 'We need payroll for 40 people.\nCan you help?',
  company: 'Navy Labs',
  service: 'payofina',
  created_at: '2026-03-01T10:30:00.000Z',
});
const NEWER = message(2, { name: 'Alan Turing', email: 'alan@bletchley.test', created_at: '2026-03-09T08:00:00.000Z' });
const UNDATED = message(3, { name: 'Undated Ursula', created_at: '' });

/** The support API with a list that solving and deleting really shrink, as on the server. */
function messagesApi(initial: SupportMessage[] | Promise<MockResponse>, extra?: (request: MockRequest) => MockResponse | undefined) {
  let list = Array.isArray(initial) ? [...initial] : [];
  return mockFetch((request) => {
    const custom = extra?.(request);
    if (custom) return custom;
    const { method, path } = request;
    if (method === 'GET' && path === '/support/messages') return Array.isArray(initial) ? { body: { messages: list } } : initial;
    const solved = path.match(/^\/support\/messages\/([^/]+)\/solve$/);
    if (method === 'PUT' && solved) {
      list = list.filter((item) => item.id !== solved[1]);
      return { body: { message: 'Message marked as solved.' } };
    }
    const deleted = path.match(/^\/support\/messages\/([^/]+)$/);
    if (method === 'DELETE' && deleted) {
      list = list.filter((item) => item.id !== deleted[1]);
      return { body: { message: 'Message deleted.' } };
    }
    return undefined;
  });
}

const cardNames = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading', { level: 3 }).textContent);

beforeEach(() => signIn({ isAdmin: false }));
afterEach(() => {
  dismissToast();
  window.localStorage.clear();
});

describe('MessagesPage', () => {
  it('says it is loading until the messages arrive', () => {
    messagesApi(new Promise<MockResponse>(() => {}));
    renderWithProviders(<MessagesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Customer Messages' })).toBeInTheDocument();
    expect(screen.getByText('Loading messages...')).toBeInTheDocument();
  });

  it('says when there are no messages', async () => {
    messagesApi([]);
    renderWithProviders(<MessagesPage />);
    expect(await screen.findByText('No Messages')).toBeInTheDocument();
  });

  it('lists messages newest first with every detail the visitor gave', async () => {
    messagesApi([UNDATED, OLDER, NEWER]);
    renderWithProviders(<MessagesPage />);
    await screen.findByText('3 unsolved messages');
    expect(cardNames()).toEqual(['Alan Turing', 'Grace Hopper', 'Undated Ursula']);

    const card = screen.getByRole('article', { name: 'Grace Hopper' });
    expect(within(card).getByRole('link', { name: 'grace@navy.test' })).toHaveAttribute('href', 'mailto:grace@navy.test');
    expect(within(card).getByText(formatDateTimeLong(OLDER.created_at))).toBeInTheDocument();
    expect(formatDateTimeLong(OLDER.created_at)).toMatch(/^March 1, 2026 at \d{1,2}:30 [AP]M$/);
    expect(within(card).getByRole('link', { name: '+1 555 0100' })).toHaveAttribute('href', 'tel:+1 555 0100');
    expect(within(card).getByText('Payofina enquiry')).toBeInTheDocument();
    expect(within(card).getByText(/We need payroll for 40 people\.\s+Can you help\?/)).toBeInTheDocument();
    expect(within(card).getByText('Navy Labs')).toBeInTheDocument();
    expect(within(card).getByText('Payofina (finance and HR)')).toBeInTheDocument();

    const plain = screen.getByRole('article', { name: 'Alan Turing' });
    expect(within(plain).queryByText('Phone')).not.toBeInTheDocument();
    expect(within(plain).queryByText('Company')).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Undated Ursula' })).getByText('No date')).toBeInTheDocument();
  });

  it('marks a message as solved only after confirmation, and it leaves the list', async () => {
    const { calls } = messagesApi([OLDER, NEWER]);
    const user = userEvent.setup();
    renderWithProviders(<MessagesPage />);
    await user.click(await screen.findByRole('button', { name: 'Mark as Solved: message from Grace Hopper' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark as Solved' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to mark the message from Grace Hopper as solved? This will remove it from the active messages list.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    expect(cardNames()).toContain('Grace Hopper');

    await user.click(screen.getByRole('button', { name: 'Mark as Solved: message from Grace Hopper' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Mark as Solved' })).getByRole('button', { name: 'Mark as Solved' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Grace Hopper' })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([`/support/messages/${OLDER.id}/solve`]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('toast')).toHaveTextContent('Message marked as solved.');
    expect(cardNames()).toEqual(['Alan Turing']);
    // Its button went with the card, so focus lands on the page title, not the document body.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('deletes a message only after confirmation, and it leaves the list', async () => {
    const { calls } = messagesApi([NEWER]);
    const user = userEvent.setup();
    renderWithProviders(<MessagesPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete message from Alan Turing' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Message' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete the message from Alan Turing? This action cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No Messages')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`/support/messages/${NEWER.id}`]);
  });

  it('shows the default error when solving or deleting fails, and the server detail when given', async () => {
    messagesApi([NEWER], ({ method }) => {
      if (method === 'PUT') return { status: 500 };
      if (method === 'DELETE') return { status: 404, body: { detail: 'Message not found.' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<MessagesPage />);
    await user.click(await screen.findByRole('button', { name: 'Mark as Solved: message from Alan Turing' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Mark as Solved' })).getByRole('button', { name: 'Mark as Solved' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Failed to mark message as solved');

    await user.click(screen.getByRole('button', { name: 'Delete message from Alan Turing' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Message' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Message not found.'));
  });

  it('uses the default delete error when the server gives no detail', async () => {
    messagesApi([NEWER], ({ method }) => (method === 'DELETE' ? { status: 500 } : undefined));
    const user = userEvent.setup();
    renderWithProviders(<MessagesPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete message from Alan Turing' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Message' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Failed to delete message');
    expect(screen.getByRole('article', { name: 'Alan Turing' })).toBeInTheDocument();
  });

  it('refreshes, and says so when refreshing fails', async () => {
    let failing = false;
    const { calls } = messagesApi([NEWER], ({ method }) => (failing && method === 'GET' ? { status: 503 } : undefined));
    const user = userEvent.setup();
    renderWithProviders(<MessagesPage />);
    await screen.findByRole('article', { name: 'Alan Turing' });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));

    failing = true;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Failed to refresh messages');
    // What was already loaded stays on screen.
    expect(screen.getByRole('article', { name: 'Alan Turing' })).toBeInTheDocument();
  });

  it('tells a user whose tenant does not receive website enquiries that they have no access, without a Retry', async () => {
    const detail = 'Website messages go to the tenant that receives website enquiries, and your account is not in that tenant.';
    messagesApi(Promise.resolve({ status: 403, body: { detail } }));
    renderWithProviders(<MessagesPage />);
    expect(await screen.findByRole('heading', { name: 'No access to website messages' })).toBeInTheDocument();
    expect(screen.getByText(detail)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('explains a failed first load and offers Retry', async () => {
    messagesApi(Promise.resolve({ status: 500, body: { detail: 'Staff privileges required.' } }));
    renderWithProviders(<MessagesPage />);
    expect(await screen.findByText('Staff privileges required.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
