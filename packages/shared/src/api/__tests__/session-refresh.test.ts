import { apiRequest } from '../client';
import { ApiError } from '../api-error';
import { SESSION_EXPIRED_EVENT } from '../../session/session-store';

const USER = {
  _id: '00000000-0000-4000-8000-000000000001',
  email: 'staff@example.com',
  full_name: 'Staff',
  groups: ['staff'],
  is_admin: false,
  is_staff: true,
  created_at: '2026-01-01T00:00:00Z',
  visibility: 'all',
  team_id: null,
};

function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A token as the server signs it, expiring `seconds` from now. */
function tokenExpiringIn(seconds: number, name: string): string {
  const now = Math.floor(Date.now() / 1000);
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sid: name, sub: USER._id, iat: now, exp: now + seconds })}.sig`;
}

function respond(status: number, body: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return Promise.resolve({ ok: status >= 200 && status < 300, status, text: async () => text, json: async () => JSON.parse(text) });
}

interface Call {
  url: string;
  method: string;
  authorization?: string;
  csrf?: string;
  credentials?: string;
}

describe('apiRequest keeps the session alive', () => {
  const fetchMock = jest.fn();
  const calls: Call[] = [];
  const expired = jest.fn();
  let renewed: string;

  beforeEach(() => {
    localStorage.clear();
    document.cookie = 'csrftoken=csrf-value';
    calls.length = 0;
    fetchMock.mockReset();
    // The test's server answers with plain objects, not Responses: defined rather than typed as fetch.
    Object.defineProperty(globalThis, 'fetch', { value: fetchMock, configurable: true, writable: true });
    renewed = tokenExpiringIn(15 * 60, 'renewed');
    window.addEventListener(SESSION_EXPIRED_EVENT, expired);
    expired.mockReset();
  });
  afterEach(() => window.removeEventListener(SESSION_EXPIRED_EVENT, expired));

  /** The server: refresh answers `refresh`; other calls 401 unless they carry an accepted token. */
  function server(options: { refresh: number; accepted: () => string[] }) {
    fetchMock.mockImplementation((url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({ url, method: init.method ?? 'GET', authorization: headers.Authorization, csrf: headers['X-CSRFToken'], credentials: init.credentials });
      if (url === '/api/v1/auth/refresh')
        return options.refresh === 200 ? respond(200, { access_token: renewed, user: USER }) : respond(options.refresh, { detail: 'ended' });
      const ok = options.accepted().some((token) => headers.Authorization === `Bearer ${token}`);
      return ok ? respond(200, { url }) : respond(401, { detail: 'Invalid or expired token.' });
    });
  }

  function signIn(token: string) {
    localStorage.setItem('access_token', token);
    localStorage.setItem('auth_user', JSON.stringify(USER));
  }

  test('renews a token that expires within the minute before sending, with the cookie and the CSRF header', async () => {
    signIn(tokenExpiringIn(30, 'old'));
    server({ refresh: 200, accepted: () => [renewed] });
    await expect(apiRequest('/crm/prospects')).resolves.toEqual({ url: '/api/v1/crm/prospects' });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/v1/auth/refresh', 'GET /api/v1/crm/prospects']);
    expect(calls[0]).toMatchObject({ csrf: 'csrf-value', credentials: 'same-origin' });
    expect(calls[1].authorization).toBe(`Bearer ${renewed}`);
    expect(localStorage.getItem('access_token')).toBe(renewed);
    expect(expired).not.toHaveBeenCalled();
  });

  test('sends a token with minutes left as it is', async () => {
    const current = tokenExpiringIn(10 * 60, 'current');
    signIn(current);
    server({ refresh: 200, accepted: () => [current] });
    await apiRequest('/crm/prospects');
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/crm/prospects']);
  });

  test('on a 401 renews once and sends the call again; the user notices nothing', async () => {
    signIn(tokenExpiringIn(10 * 60, 'revoked-by-clock'));
    server({ refresh: 200, accepted: () => [renewed] });
    await expect(apiRequest('/crm/leads', { method: 'POST', body: { name: 'x' } })).resolves.toEqual({ url: '/api/v1/crm/leads' });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/v1/crm/leads', 'POST /api/v1/auth/refresh', 'POST /api/v1/crm/leads']);
    expect(calls[2].authorization).toBe(`Bearer ${renewed}`);
    expect(expired).not.toHaveBeenCalled();
  });

  test('tries again only once: a 401 after a refresh ends the session', async () => {
    signIn(tokenExpiringIn(10 * 60, 'old'));
    server({ refresh: 200, accepted: () => [] });
    await expect(apiRequest('/crm/leads')).rejects.toMatchObject({ status: 401 });
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/crm/leads', '/api/v1/auth/refresh', '/api/v1/crm/leads']);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  test('concurrent calls that meet a 401 share one refresh', async () => {
    signIn(tokenExpiringIn(10 * 60, 'old'));
    server({ refresh: 200, accepted: () => [renewed] });
    const answers = await Promise.all(['/a', '/b', '/c'].map((path) => apiRequest(path)));
    expect(answers).toHaveLength(3);
    expect(calls.filter((call) => call.url === '/api/v1/auth/refresh')).toHaveLength(1);
    expect(calls.filter((call) => call.url !== '/api/v1/auth/refresh' && call.authorization === `Bearer ${renewed}`)).toHaveLength(3);
  });

  test('concurrent calls with a token about to expire share one refresh before sending', async () => {
    signIn(tokenExpiringIn(5, 'old'));
    server({ refresh: 200, accepted: () => [renewed] });
    await Promise.all(['/a', '/b'].map((path) => apiRequest(path)));
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/auth/refresh', '/api/v1/a', '/api/v1/b']);
  });

  test('when the refresh is refused the 401 stands and the session is announced as expired', async () => {
    signIn(tokenExpiringIn(10 * 60, 'old'));
    server({ refresh: 401, accepted: () => [] });
    const failure = await apiRequest('/crm/leads').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/crm/leads', '/api/v1/auth/refresh']);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  test('a refused sign-in is not a session to renew', async () => {
    server({ refresh: 200, accepted: () => [] });
    await expect(apiRequest('/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 });
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/auth/login']);
    expect(expired).not.toHaveBeenCalled();
  });
});
