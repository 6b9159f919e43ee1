/**
 * Unit tests stub the network at fetch, the one thing apiRequest calls, so the real client,
 * its schemas and its error handling all run.
 */
export interface MockRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface MockResponse {
  status?: number;
  body?: unknown;
}

export type MockHandler = (request: MockRequest) => MockResponse | Promise<MockResponse> | undefined;

export function mockFetch(handler: MockHandler) {
  const calls: MockRequest[] = [];
  const fetchMock = jest.fn(async (input: string, init?: { method?: string; body?: string }) => {
    const url = new URL(input, 'http://localhost');
    const request: MockRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/v1/, ''),
      query: url.searchParams,
      body: init?.body ? JSON.parse(init.body) : undefined,
    };
    calls.push(request);
    const answer = (await handler(request)) ?? { status: 404, body: { detail: `No mock for ${request.method} ${request.path}` } };
    const status = answer.status ?? 200;
    return {
      ok: status >= 200 && status < 300,
      status,
      text: async () => (answer.body === undefined ? '' : JSON.stringify(answer.body)),
    };
  });
  window.fetch = fetchMock as unknown as typeof fetch;
  // A csrftoken cookie spares the client its preliminary health call before writes.
  document.cookie = 'csrftoken=test-token';
  return { fetchMock, calls };
}

/** A promise to settle by hand, for asserting what the screen shows while a request is pending. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

export const NOW = '2026-03-10T09:00:00.000Z';

/** Valid v4-shaped ids the contracts' uuid checks accept. */
export function uid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export const SIGNED_IN_ID = uid(99);

export function signIn({ isAdmin = true }: { isAdmin?: boolean } = {}) {
  window.localStorage.setItem('access_token', 'test-token');
  window.localStorage.setItem(
    'auth_user',
    JSON.stringify({ _id: SIGNED_IN_ID, email: 'ada@example.com', full_name: 'Ada Admin', groups: [], is_admin: isAdmin, is_staff: true, created_at: NOW }),
  );
}
