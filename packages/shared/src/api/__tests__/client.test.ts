import { z } from 'zod';
import { ApiError, errorMessage } from '../api-error';
import { apiRequest, buildUrl } from '../client';
import { SESSION_EXPIRED_EVENT } from '../../session/session-store';

function respond(status: number, body: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return Promise.resolve({ ok: status >= 200 && status < 300, status, text: async () => text });
}

describe('apiRequest', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    localStorage.clear();
    document.cookie = 'csrftoken=csrf-value';
    fetchMock.mockReset();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it('calls /api/v1 with bearer token, JSON accept and the CSRF header', async () => {
    localStorage.setItem('access_token', 'tok');
    fetchMock.mockReturnValue(respond(200, { ok: true }));
    await apiRequest('/crm/tenants', { method: 'POST', body: { name: 'x' } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/crm/tenants');
    expect(init.headers).toMatchObject({
      Accept: 'application/json',
      Authorization: 'Bearer tok',
      'X-CSRFToken': 'csrf-value',
      'Content-Type': 'application/json',
    });
    expect(init.body).toBe('{"name":"x"}');
  });

  it('drops empty query values', () => {
    expect(buildUrl('/crm/prospects', { tenant_id: 't', q: '', page: 2, status_id: undefined })).toBe('/api/v1/crm/prospects?tenant_id=t&page=2');
  });

  it('throws ApiError carrying the server detail', async () => {
    fetchMock.mockReturnValue(respond(409, { detail: 'Domain already exists.' }));
    const failure = await apiRequest('/x', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(409);
    expect(errorMessage(failure, 'Failed to create tenant')).toBe('Domain already exists.');
    expect(errorMessage(new Error('boom'), 'Failed to create tenant')).toBe('Failed to create tenant');
  });

  it('announces an expired session on a 401 to a signed-in call only', async () => {
    const listener = jest.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, listener);
    fetchMock.mockReturnValue(respond(401, { detail: 'Not authenticated' }));
    await expect(apiRequest('/auth/login', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(listener).not.toHaveBeenCalled();
    localStorage.setItem('access_token', 'tok');
    await expect(apiRequest('/auth/me')).rejects.toBeInstanceOf(ApiError);
    expect(listener).toHaveBeenCalledTimes(1);
    window.removeEventListener(SESSION_EXPIRED_EVENT, listener);
  });

  it('validates the answer with the given schema', async () => {
    fetchMock.mockReturnValue(respond(200, { count: 'three' }));
    await expect(apiRequest('/x', { schema: z.object({ count: z.number() }) })).rejects.toThrow();
  });
});
