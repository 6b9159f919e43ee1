/**
 * Unit tests stub the network at fetch, the one thing apiRequest calls, so the real client,
 * its schemas and error handling all run.
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

function toRequest(method: string | undefined, input: string, body: string | undefined): MockRequest {
  const url = new URL(input, 'http://localhost');
  return {
    method: method ?? 'GET',
    path: url.pathname.replace(/^\/api\/v1/, ''),
    query: url.searchParams,
    body: body ? JSON.parse(body) : undefined,
  };
}

async function answerFor(handler: MockHandler, request: MockRequest): Promise<Required<Pick<MockResponse, 'status'>> & MockResponse> {
  const answer = (await handler(request)) ?? { status: 404, body: { detail: `No mock for ${request.method} ${request.path}` } };
  return { ...answer, status: answer.status ?? 200 };
}

/** apiRequest reports upload progress through XMLHttpRequest; this stand-in answers from the same handler. */
function fakeXhrClass(handler: MockHandler, calls: MockRequest[]) {
  return class FakeXhr {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader() {}

    abort() {}

    send(body?: string) {
      const request = toRequest(this.method, this.url, body);
      calls.push(request);
      const total = body?.length ?? 0;
      void (async () => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: total / 2, total });
        this.upload.onprogress?.({ lengthComputable: true, loaded: total, total });
        const answer = await answerFor(handler, request);
        this.status = answer.status;
        this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
        this.onload?.();
      })();
    }
  };
}

export function mockFetch(handler: MockHandler) {
  const calls: MockRequest[] = [];
  window.XMLHttpRequest = fakeXhrClass(handler, calls) as unknown as typeof XMLHttpRequest;
  const fetchMock = jest.fn(async (input: string, init?: { method?: string; body?: string }) => {
    const request = toRequest(init?.method, input, init?.body);
    calls.push(request);
    const answer = await answerFor(handler, request);
    const status = answer.status;
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
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const NOW = '2026-03-10T09:00:00.000Z';

/** Valid v4-shaped ids the contracts' uuid checks accept. */
export function uid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export const SIGNED_IN_ID = uid(99);

export function signIn({ isAdmin = true, isStaff = true }: { isAdmin?: boolean; isStaff?: boolean } = {}) {
  window.localStorage.setItem('access_token', 'test-token');
  window.localStorage.setItem(
    'auth_user',
    JSON.stringify({
      _id: SIGNED_IN_ID,
      email: 'ada@example.com',
      full_name: 'Ada Admin',
      groups: [],
      is_admin: isAdmin,
      is_staff: isStaff,
      created_at: NOW,
      visibility: 'all',
      team_id: null,
    }),
  );
}
