import { screen, waitFor } from '@testing-library/react';
import { mockFetch } from '../../../test/fetch-mock';
import { prospect, TENANT_ID } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { todayInput } from '../hooks/task-dates';
import { TaskForm } from '../components/task-form';

test("a new task is due on the server's day, not the browser's, until the user picks another", async () => {
  // The browser's clock is a day ahead of the server's (or behind: any other day than its own).
  const browserDay = todayInput();
  const serverDay = browserDay === '2031-01-02' ? '2031-01-03' : '2031-01-02';
  mockFetch(({ path }) => (path === '/crm/today' ? { body: { today: serverDay } } : path === '/crm/owners' ? { body: { owners: [] } } : undefined));
  renderWithProviders(<TaskForm tenantId={TENANT_ID} record={{ prospect_id: prospect(1).id }} onDone={() => undefined} />);
  await waitFor(() => expect(screen.getByLabelText(/Due date/)).toHaveValue(serverDay));
});
