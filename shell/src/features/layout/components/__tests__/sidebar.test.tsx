import { screen, within } from '@testing-library/react';
import { setSession } from '@app/shared';
import { renderWithShell } from '../../../../test/render';
import { Sidebar } from '../sidebar';

const user = {
  _id: 'u1',
  email: 'a@example.com',
  full_name: 'A',
  groups: ['staff'],
  is_admin: false,
  is_staff: true,
  created_at: '2026-01-01T00:00:00.000Z',
  visibility: 'all' as const,
  team_id: null,
};

describe('Sidebar', () => {
  beforeEach(() => localStorage.clear());

  it('shows the dashboard links to staff but no Admin section', () => {
    setSession('t', user);
    renderWithShell(<Sidebar />);
    const nav = screen.getByRole('navigation', { name: 'Sidebar' });
    for (const name of ['Messages', 'Email', 'CRM', 'My day', 'Quotations', 'Catalogue', 'Home', 'Services', 'Products', 'About', 'Contact']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Audit Log' })).not.toBeInTheDocument();
  });

  it.each([
    ['/crm/my-day', 'My day'],
    ['/crm/prospects/p1', 'CRM'],
    ['/crm', 'CRM'],
    ['/quotations/new', 'Quotations'],
    ['/quotations/products', 'Catalogue'],
    ['/', 'Home'],
  ])('on %s marks only %s as the current page', (route, current) => {
    setSession('t', user);
    renderWithShell(<Sidebar />, { route });
    const nav = screen.getByRole('navigation', { name: 'Sidebar' });
    expect(
      within(nav)
        .getAllByRole('link', { current: 'page' })
        .map((link) => link.textContent),
    ).toEqual([current]);
  });

  it('adds Users and Audit Log under Admin for admins', () => {
    setSession('t', { ...user, is_admin: true });
    renderWithShell(<Sidebar />);
    expect(screen.getByRole('heading', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
    expect(screen.getByRole('link', { name: 'Audit Log' })).toHaveAttribute('href', '/audit');
  });

  it('shows visitors only the public links and the account links', () => {
    renderWithShell(<Sidebar />);
    expect(screen.queryByRole('link', { name: 'CRM' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/platform-select?action=login');
  });
});
