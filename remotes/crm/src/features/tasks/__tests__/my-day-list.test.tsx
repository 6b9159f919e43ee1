import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { task } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { MyDayList } from '../components/my-day-list';

test('a task is done with its button, or with x on its focused row', async () => {
  const done: string[] = [];
  renderWithProviders(
    <MyDayList id="today" title="Today" empty="Nothing." tasks={[task(1), task(2)]} pending={new Set()} onDone={(t) => done.push(t.title)} />,
  );
  expect(screen.getByRole('heading', { name: 'Today (2)' })).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: 'Northwind' })).toHaveLength(2);

  await userEvent.click(screen.getByRole('button', { name: 'Done: Task 1' }));
  expect(done).toEqual(['Task 1']);

  screen.getByRole('listitem', { name: /Task 2/ }).focus();
  await userEvent.keyboard('x');
  expect(done).toEqual(['Task 1', 'Task 2']);
  // A busy machine renders slowly; the default five seconds are not a user's wait.
}, 30_000);

test('an empty group says so', () => {
  renderWithProviders(<MyDayList id="overdue" title="Overdue" empty="Nothing overdue." tasks={[]} pending={new Set()} onDone={() => undefined} />);
  expect(screen.getByText('Nothing overdue.')).toBeInTheDocument();
});

function setup() {
  const onDone = jest.fn();
  const tasks = [task(1, { title: 'First call' }), task(2, { title: 'Second call' })];
  renderWithProviders(<MyDayList id="today" title="Today" empty="Nothing due today." tasks={tasks} pending={new Set()} onDone={onDone} />);
  return { onDone, tasks, user: userEvent.setup() };
}

test('x marks a task done from its row, its link or its Done button, and the next row takes the focus', async () => {
  const { onDone, tasks, user } = setup();
  const rows = screen.getAllByRole('listitem');
  screen.getByRole('button', { name: 'Done: First call' }).focus();
  await user.keyboard('x');
  expect(onDone).toHaveBeenLastCalledWith(tasks[0]);
  expect(rows[1]).toHaveFocus();

  await user.keyboard('x');
  expect(onDone).toHaveBeenLastCalledWith(tasks[1]);
  // The last row gives the focus back to the one before it.
  expect(rows[0]).toHaveFocus();
  expect(onDone).toHaveBeenCalledTimes(2);
});

test('a click on Done moves the focus on too, and a shortcut with Ctrl is left to the browser', async () => {
  const { onDone, tasks, user } = setup();
  const rows = screen.getAllByRole('listitem');
  await user.click(screen.getByRole('button', { name: 'Done: Second call' }));
  expect(onDone).toHaveBeenCalledWith(tasks[1]);
  expect(rows[0]).toHaveFocus();
  await user.keyboard('{Control>}x{/Control}');
  expect(onDone).toHaveBeenCalledTimes(1);
});

test('x on the last row of a group goes on to the first row of the next group, and the next x marks that one done', async () => {
  const onDone = jest.fn();
  const today = [task(1, { title: 'Last call today' })];
  const callbacks = [task(2, { title: 'First callback' }), task(3, { title: 'Second callback' })];
  renderWithProviders(
    <section data-my-day="">
      <MyDayList id="today" title="Today" empty="Nothing due today." tasks={today} pending={new Set()} onDone={onDone} />
      <MyDayList id="callbacks" title="Callbacks due" empty="No callbacks due." tasks={[]} pending={new Set()} onDone={onDone} />
      <MyDayList id="upcoming" title="Next 7 days" empty="Nothing planned." tasks={callbacks} pending={new Set()} onDone={onDone} />
    </section>,
  );
  const user = userEvent.setup();
  screen.getByRole('listitem', { name: /Last call today/ }).focus();
  await user.keyboard('x');
  expect(onDone).toHaveBeenLastCalledWith(today[0]);
  expect(screen.getByRole('listitem', { name: /First callback/ })).toHaveFocus();
  await user.keyboard('x');
  expect(onDone).toHaveBeenLastCalledWith(callbacks[0]);
  expect(screen.getByRole('listitem', { name: /Second callback/ })).toHaveFocus();
});

test('a row on its way to done waits; the next row is done at once, without waiting for the answer about the first', async () => {
  const onDone = jest.fn();
  const tasks = [task(1, { title: 'Sent already' }), task(2, { title: 'Next one' })];
  renderWithProviders(<MyDayList id="today" title="Today" empty="Nothing." tasks={tasks} pending={new Set([tasks[0]!.id])} onDone={onDone} />);
  const user = userEvent.setup();
  expect(screen.getByRole('button', { name: 'Done: Sent already' })).toBeDisabled();
  screen.getByRole('listitem', { name: /Sent already/ }).focus();
  await user.keyboard('x');
  expect(onDone).not.toHaveBeenCalled();
  screen.getByRole('listitem', { name: /Next one/ }).focus();
  await user.keyboard('x');
  expect(onDone).toHaveBeenCalledWith(tasks[1]);
});
