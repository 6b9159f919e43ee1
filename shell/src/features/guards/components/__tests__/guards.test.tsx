import { screen } from '@testing-library/react';
import { clearSession, dismissToast, setSession } from '@app/shared';
import { renderWithShell } from '../../../../test/render';
import { RequireAdmin } from '../require-admin';
import { RequireAuth } from '../require-auth';
import { NO_STAFF_ACCESS_MESSAGE, NO_STAFF_ACCESS_TITLE, RequireStaff } from '../require-staff';

const baseUser = {
  _id: 'u1',
  email: 'staff@example.com',
  full_name: 'Sam Staff',
  groups: ['staff'],
  is_admin: false,
  is_staff: true,
  created_at: '2026-01-01T00:00:00.000Z',
  visibility: 'all' as const,
  team_id: null,
};

describe('route guards', () => {
  beforeEach(() => {
    localStorage.clear();
    dismissToast();
  });

  it('sends a visitor home with the area message', () => {
    renderWithShell(
      <RequireAuth message="Please log in to access the CRM dashboard.">
        <p>secret</p>
      </RequireAuth>,
      { route: '/crm', path: '/crm' },
    );
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
    expect(screen.getByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('Please log in to access the CRM dashboard.')).toBeInTheDocument();
  });

  it('leaves the message to logout or expiry when the session ended on this page', () => {
    setSession('t', baseUser);
    clearSession();
    renderWithShell(
      <RequireAuth message="Please log in to access the CRM dashboard.">
        <p>secret</p>
      </RequireAuth>,
      { route: '/crm', path: '/crm' },
    );
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
    expect(screen.queryByText('Authentication Required')).not.toBeInTheDocument();
  });

  it('shows Access Denied to a signed-in non-admin', () => {
    setSession('t', baseUser);
    renderWithShell(
      <RequireAuth message="x">
        <RequireAdmin>
          <p>admin area</p>
        </RequireAdmin>
      </RequireAuth>,
      { route: '/users', path: '/users' },
    );
    expect(screen.getByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText('You need admin privileges to access this page.')).toBeInTheDocument();
    expect(screen.queryByText('admin area')).not.toBeInTheDocument();
  });

  it('lets an admin through', () => {
    setSession('t', { ...baseUser, is_admin: true, groups: ['admin'] });
    renderWithShell(
      <RequireAuth message="x">
        <RequireAdmin>
          <p>admin area</p>
        </RequireAdmin>
      </RequireAuth>,
      { route: '/users', path: '/users' },
    );
    expect(screen.getByText('admin area')).toBeInTheDocument();
  });

  it('tells a signed-in account without the staff flag it has no staff access, and lets staff and admins through', () => {
    setSession('t', { ...baseUser, is_staff: false, groups: [] });
    const { unmount } = renderWithShell(
      <RequireStaff>
        <p>crm area</p>
      </RequireStaff>,
      { route: '/crm', path: '/crm' },
    );
    expect(screen.getByRole('heading', { name: NO_STAFF_ACCESS_TITLE })).toBeInTheDocument();
    expect(screen.getByText(NO_STAFF_ACCESS_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText('crm area')).not.toBeInTheDocument();
    unmount();

    for (const user of [baseUser, { ...baseUser, is_staff: false, is_admin: true, groups: ['admin'] }]) {
      setSession('t', user);
      const view = renderWithShell(
        <RequireStaff>
          <p>crm area</p>
        </RequireStaff>,
        { route: '/crm', path: '/crm' },
      );
      expect(screen.getByText('crm area')).toBeInTheDocument();
      view.unmount();
    }
  });
});
