import { AUTH_CHANGE_EVENT, clearSession, getSession, setSession, subscribeSession } from '../session-store';

const user = {
  _id: '0b8e7f8e-4a55-4d5b-9a38-1f3c2b1a0c11',
  email: 'admin@example.com',
  full_name: 'Ada Admin',
  groups: ['admin'],
  is_admin: true,
  is_staff: true,
  created_at: '2026-01-01T00:00:00.000Z',
  visibility: 'all' as const,
  team_id: null,
};

describe('session store', () => {
  beforeEach(() => localStorage.clear());

  it('stores token and user under access_token and auth_user and broadcasts authChange', () => {
    const listener = jest.fn();
    window.addEventListener(AUTH_CHANGE_EVENT, listener);
    setSession('token-1', user);
    expect(localStorage.getItem('access_token')).toBe('token-1');
    expect(JSON.parse(localStorage.getItem('auth_user')!)).toEqual(user);
    expect(getSession()).toMatchObject({ token: 'token-1', isAuthenticated: true });
    expect(listener).toHaveBeenCalledTimes(1);
    window.removeEventListener(AUTH_CHANGE_EVENT, listener);
  });

  it('is not authenticated with a token but no user', () => {
    localStorage.setItem('access_token', 'orphan');
    expect(getSession().isAuthenticated).toBe(false);
  });

  it('clears both keys on logout', () => {
    setSession('token-1', user);
    clearSession();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(getSession()).toMatchObject({ token: null, user: null, isAuthenticated: false });
  });

  it('hears changes made in another tab', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeSession(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'access_token' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
