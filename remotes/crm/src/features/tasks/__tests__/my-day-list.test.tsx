import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { task } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { MyDayList } from '../components/my-day-list';

test('a task is done with its button, or with x on its focused row; x typed on the button does nothing more', async () => {
  const done: string[] = [];
  renderWithProviders(<MyDayList id="today" title="Today" empty="Nothing." tasks={[task(1), task(2)]} busy={false} onDone={(t) => done.push(t.title)} />);
  expect(screen.getByRole('heading', { name: 'Today (2)' })).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: 'Northwind' })).toHaveLength(2);

  await userEvent.click(screen.getByRole('button', { name: 'Done: Task 1' }));
  expect(done).toEqual(['Task 1']);

  screen.getByRole('listitem', { name: /Task 2/ }).focus();
  await userEvent.keyboard('x');
  expect(done).toEqual(['Task 1', 'Task 2']);

  screen.getByRole('button', { name: 'Done: Task 1' }).focus();
  await userEvent.keyboard('x');
  expect(done).toEqual(['Task 1', 'Task 2']);
  // A busy machine renders slowly; the default five seconds are not a user's wait.
}, 30_000);

test('an empty group says so', () => {
  renderWithProviders(<MyDayList id="overdue" title="Overdue" empty="Nothing overdue." tasks={[]} busy={false} onDone={() => undefined} />);
  expect(screen.getByText('Nothing overdue.')).toBeInTheDocument();
});
