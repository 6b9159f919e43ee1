import { mockFetch, type MockRequest } from '@app/shared/testing/fetch-mock';
import type { RemotesManifest } from '@app/shared/contracts';

/** Two published versions of the marketing remote, as the CDN's manifest names them. */
export const v1 = { version: '1.0.0', entry: '/cdn/marketing/1.0.0/mf-manifest.json' };
export const v2 = { version: '2.0.0', entry: '/cdn/marketing/2.0.0/mf-manifest.json' };

/** Answers the remotes manifest (as it is at each request) and takes the marketing remote's failure reports. */
export function serveRemotes(remotes: () => RemotesManifest) {
  const mocked = mockFetch((request) => {
    if (request.path === '/mf-remotes.json') return { body: remotes() };
    if (request.method === 'POST' && request.path === '/releases/marketing/failures') return { status: 204 };
    return undefined;
  });
  // The manifest is read with json(), which the shared stub leaves to text().
  const stub = window.fetch;
  window.fetch = (async (...args: Parameters<typeof fetch>) => {
    const response = await stub(...args);
    return Object.assign(response, { json: async () => JSON.parse(await response.text()) });
  }) as typeof fetch;
  return mocked;
}

/** The failure reports the page sent, in order. */
export const failureReports = (calls: MockRequest[]) => calls.filter((c) => c.method === 'POST').map((c) => c.body);
