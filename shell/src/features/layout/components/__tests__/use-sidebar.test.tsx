import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, setSession } from '@app/shared';
import { renderWithShell } from '../../../../test/render';
import { useSidebar, WIDE_SCREEN_QUERY } from '../use-sidebar';

function Drawer() {
  const sidebar = useSidebar();
  return (
    <>
      <button type="button" aria-controls="app-sidebar" aria-expanded={sidebar.open} onClick={sidebar.toggle}>
        Menu
      </button>
      {sidebar.open && <nav id="app-sidebar" aria-label="Sidebar" />}
    </>
  );
}

const original = window.matchMedia;
const screenOf = (wide: boolean) => {
  window.matchMedia = ((query: string) => ({ ...original(query), matches: query === WIDE_SCREEN_QUERY ? wide : false })) as typeof window.matchMedia;
};

beforeEach(() =>
  setSession('t', {
    _id: 'u1',
    email: 'a@example.com',
    full_name: 'A',
    groups: ['staff'],
    is_admin: false,
    is_staff: true,
    created_at: '2026-01-01T00:00:00.000Z',
    visibility: 'all',
    team_id: null,
  }),
);
afterEach(() => {
  window.matchMedia = original;
  clearSession();
});

test("Escape closes the phone's sidebar and gives focus back to the menu button", async () => {
  screenOf(false);
  const user = userEvent.setup();
  renderWithShell(<Drawer />);
  await user.click(screen.getByRole('button', { name: 'Menu' }));
  expect(screen.getByRole('navigation', { name: 'Sidebar' })).toBeInTheDocument();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('navigation', { name: 'Sidebar' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
});

test('on a wide screen the sidebar is part of the page: Escape leaves it open', async () => {
  screenOf(true);
  const user = userEvent.setup();
  renderWithShell(<Drawer />);
  expect(screen.getByRole('navigation', { name: 'Sidebar' })).toBeInTheDocument();
  await user.keyboard('{Escape}');
  expect(screen.getByRole('navigation', { name: 'Sidebar' })).toBeInTheDocument();
});
