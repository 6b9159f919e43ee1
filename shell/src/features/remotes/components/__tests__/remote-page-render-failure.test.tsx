import { screen } from '@testing-library/react';
import { mockFetch, type MockRequest } from '@app/shared/testing/fetch-mock';
import type { RemotesManifest } from '@app/shared/contracts';
import { renderWithShell } from '../../../../test/render';
import { RemotePage } from '../remote-page';

/** The browser's module loader: 2.0.0's home page crashes while rendering, the other versions' render. */
jest.mock('../../api/import-entry', () => ({
  importEntry: async (entry: string) => {
    const version = new URL(entry).pathname.split('/')[3];
    if (version === '2.0.0') {
      return {
        default: function Broken(): never {
          throw new TypeError("Cannot read properties of undefined (reading 'hero')");
        },
      };
    }
    return { default: () => <h1>{`Home from ${version}`}</h1> };
  },
}));

const v1 = { version: '1.0.0', entry: '/cdn/marketing/1.0.0/mf-manifest.json' };
const v2 = { version: '2.0.0', entry: '/cdn/marketing/2.0.0/mf-manifest.json' };

function serve(remotes: RemotesManifest) {
  const mocked = mockFetch((request) => {
    if (request.path === '/mf-remotes.json') return { body: remotes };
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

const reports = (calls: MockRequest[]) => calls.filter((c) => c.method === 'POST').map((c) => c.body);

describe('a promoted page that crashes while rendering', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    // React and the boundary log the crash; the test checks what the user sees and what is reported.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => consoleError.mockRestore());

  it('is shown from the version live before, and only the crashed version is reported failing, never the fallback', async () => {
    const { calls } = serve({ marketing: { ...v2, reason: 'live', fallback: v1 } });
    renderWithShell(<RemotePage remote="marketing" module="home" />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Home from 1.0.0' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(reports(calls)).toEqual([{ version: '2.0.0', phase: 'render', message: "Cannot read properties of undefined (reading 'hero')" }]);
  });
});
