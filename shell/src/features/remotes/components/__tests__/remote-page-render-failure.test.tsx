import { screen } from '@testing-library/react';
import { renderWithShell } from '../../../../test/render';
import { failureReports as reports, serveRemotes, v1, v2 } from '../../../../test/serve-remotes';
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

describe('a promoted page that crashes while rendering', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    // React and the boundary log the crash; the test checks what the user sees and what is reported.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => consoleError.mockRestore());

  it('is shown from the version live before, and only the crashed version is reported failing, never the fallback', async () => {
    const { calls } = serveRemotes(() => ({ marketing: { ...v2, reason: 'live', fallback: v1 } }));
    renderWithShell(<RemotePage remote="marketing" module="home" />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Home from 1.0.0' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(reports(calls)).toEqual([{ version: '2.0.0', phase: 'render', message: "Cannot read properties of undefined (reading 'hero')" }]);
  });
});
