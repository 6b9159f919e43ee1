import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@app/shared';
import type { Task } from '@app/shared/forms';
import { mockFetch, signIn, uid, SIGNED_IN_ID } from '../../../test/fetch-mock';
import { task, TENANT_ID } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { OpenTasks } from '../components/open-tasks';

const PROSPECT_ID = uid(100);

beforeEach(() => signIn());
afterEach(() => dismissToast());

test("a record's task is changed in place and deleted after a question, each through its own call", async () => {
  let tasks = [task(1, { owner_id: SIGNED_IN_ID, owner_name: 'Signed In' }), task(2, { owner_id: uid(300), owner_name: 'Someone Hidden' })];
  const { calls } = mockFetch(({ method, path, body }) => {
    if (method === 'GET' && path === '/crm/tasks') return { body: { tasks, pagination: { page: 1, limit: 100, total: tasks.length, pages: 1 } } };
    if (method === 'GET' && path === '/crm/owners') return { body: { owners: [] } };
    if (method === 'PUT' && path === `/crm/tasks/${uid(201)}`) {
      tasks = tasks.map((t) => (t.id === uid(201) ? { ...t, ...(body as Partial<Task>) } : t));
      return { body: tasks[0] };
    }
    if (method === 'DELETE' && path === `/crm/tasks/${uid(202)}`) {
      tasks = tasks.filter((t) => t.id !== uid(202));
      return { body: { message: 'Task deleted.' } };
    }
    return undefined;
  });
  const user = userEvent.setup();
  renderWithProviders(<OpenTasks tenantId={TENANT_ID} kind="prospects" id={PROSPECT_ID} />);
  const list = await screen.findByRole('list', { name: 'Open tasks' });

  await user.click(within(list).getByRole('button', { name: 'Edit task: Task 1' }));
  const form = await screen.findByRole('form', { name: 'Edit task: Task 1' });
  expect(within(form).getByLabelText('Title')).toHaveValue('Task 1');
  expect(within(form).getByLabelText('Time (optional)')).toHaveValue('09:30');
  await user.clear(within(form).getByLabelText('Title'));
  await user.type(within(form).getByLabelText('Title'), 'Call about the renewal');
  await user.click(within(form).getByRole('button', { name: 'Save task' }));
  expect(await within(list).findByRole('checkbox', { name: 'Mark done: Call about the renewal' })).toBeInTheDocument();
  expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
    { type: 'call', title: 'Call about the renewal', due_date: '2030-05-04', due_time: '09:30', owner_id: SIGNED_IN_ID },
  ]);

  // Another's task keeps its owner when edited, though the owner list does not offer them.
  await user.click(within(list).getByRole('button', { name: 'Edit task: Task 2' }));
  expect(within(await screen.findByRole('form', { name: 'Edit task: Task 2' })).getByLabelText('Owner')).toHaveDisplayValue('Someone Hidden');
  await user.click(within(screen.getByRole('form', { name: 'Edit task: Task 2' })).getByRole('button', { name: 'Cancel' }));

  await user.click(within(list).getByRole('button', { name: 'Delete task: Task 2' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Task' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Task deleted')).toBeInTheDocument();
  expect(within(list).queryByRole('checkbox', { name: 'Mark done: Task 2' })).not.toBeInTheDocument();
  expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
}, 30_000);
