import { waitFor } from '@testing-library/react';
import type { RemotesManifest } from '@app/shared/contracts';
import { failureReports as reports, serveRemotes as serve, v1, v2 } from '../../../../test/serve-remotes';

/** The browser's module loader, reduced to what the loader asks of it: importing a page's entry by URL. */
const loads: string[] = [];
const urls: string[] = [];
let brokenEntries: Record<string, Error> = {};
jest.mock('../import-entry', () => ({
  importEntry: async (entry: string) => {
    loads.push(new URL(entry).pathname);
    urls.push(entry);
    const broken = Object.entries(brokenEntries).find(([part]) => entry.includes(part));
    if (broken) throw broken[1];
    return { default: () => null, entry };
  },
}));

async function freshLoader() {
  jest.resetModules();
  return import('../remote-loader');
}

describe('loading a remote page', () => {
  beforeEach(() => {
    loads.length = 0;
    urls.length = 0;
    brokenEntries = {};
  });

  test('an entry that does not load is tried again once, reported, and the fallback version is loaded', async () => {
    brokenEntries = { '/2.0.0/': new TypeError('Failed to fetch dynamically imported module: http://localhost/2.0.0/crm.js') };
    const { calls } = serve(() => ({ marketing: { ...v2, reason: 'canary', fallback: v1 } }));
    const { loadRemotePage, newerVersionOf } = await freshLoader();
    const page = (await loadRemotePage('marketing', 'home')) as unknown as { entry: string };
    expect(page.entry).toContain('/cdn/marketing/1.0.0/');
    expect(loads).toEqual(['/cdn/marketing/2.0.0/home.js', '/cdn/marketing/2.0.0/home.js', '/cdn/marketing/1.0.0/home.js']);
    // The second try asks for a URL of its own: the browser keeps a failed module failed under its URL.
    expect(urls[1]).not.toBe(urls[0]);
    expect(reports(calls)).toEqual([{ version: '2.0.0', phase: 'load', message: expect.stringContaining('crm.js') }]);
    // The next page of the remote comes from the fallback straight away.
    await loadRemotePage('marketing', 'about');
    expect(loads.at(-1)).toBe('/cdn/marketing/1.0.0/about.js');
    expect(loads).toHaveLength(4);
    // The version that failed here is not offered as newer.
    expect(await newerVersionOf('marketing')).toBeNull();
  });

  test('a module that throws while imported is reported as such, its message cut to 500 characters', async () => {
    brokenEntries = { '/2.0.0/': new TypeError(`Cannot read properties of undefined (reading 'hero') ${'x'.repeat(600)}`) };
    const { calls } = serve(() => ({ marketing: { ...v2, reason: 'live', fallback: v1 } }));
    const { loadRemotePage } = await freshLoader();
    await loadRemotePage('marketing', 'home');
    const [report] = reports(calls) as Array<{ phase: string; message: string }>;
    expect(report!.phase).toBe('import');
    expect(report!.message).toHaveLength(500);
    expect(report!.message).toMatch(/^Cannot read properties of undefined/);
  });

  test('with no fallback the failure reaches the page, which can try again', async () => {
    brokenEntries = { '/remotes/marketing/': new Error('Failed to fetch dynamically imported module') };
    const { calls } = serve(() => ({ marketing: { version: 'builtin', entry: '/remotes/marketing/mf-manifest.json', reason: 'live', fallback: null } }));
    const { loadRemotePage } = await freshLoader();
    await expect(loadRemotePage('marketing', 'home')).rejects.toThrow('Failed to fetch');
    expect(reports(calls)).toEqual([{ version: 'builtin', phase: 'load', message: 'Failed to fetch dynamically imported module' }]);
    brokenEntries = {};
    await expect(loadRemotePage('marketing', 'home')).resolves.toBeTruthy();
  });

  test('a render crash is reported against the version its page came from, also when the remote has already fallen back', async () => {
    const { calls } = serve(() => ({ marketing: { ...v2, reason: 'live', fallback: v1 } }));
    const { loadRemotePage, fallBackAfterRenderFailure } = await freshLoader();
    const home = await loadRemotePage('marketing', 'home');
    const about = await loadRemotePage('marketing', 'about');
    expect(fallBackAfterRenderFailure('marketing', home, new Error('hero is undefined'))).toBe(true);
    expect(await loadRemotePage('marketing', 'home')).toMatchObject({ entry: expect.stringContaining('/1.0.0/') });
    // Another page of 2.0.0 still on screen crashes too: 2.0.0 again, never 1.0.0, and it loads from 1.0.0.
    expect(fallBackAfterRenderFailure('marketing', about, new Error('footer is undefined'))).toBe(true);
    await waitFor(() =>
      expect(reports(calls)).toEqual([
        { version: '2.0.0', phase: 'render', message: 'hero is undefined' },
        { version: '2.0.0', phase: 'render', message: 'footer is undefined' },
      ]),
    );
    // The fallback's own crash is its own, and with nothing left to fall back to the page shows Retry.
    const fallbackHome = await loadRemotePage('marketing', 'home');
    expect(fallBackAfterRenderFailure('marketing', fallbackHome, new Error('1.0.0 broke'))).toBe(false);
    await waitFor(() => expect(reports(calls).at(-1)).toEqual({ version: '1.0.0', phase: 'render', message: '1.0.0 broke' }));
  });

  test('a page left open learns of a newer version for this user, but not of the one that failed here', async () => {
    let remotes: RemotesManifest = { marketing: { ...v1, reason: 'live', fallback: null } };
    serve(() => remotes);
    const { loadRemotePage, newerVersionOf } = await freshLoader();
    await loadRemotePage('marketing', 'home');
    expect(await newerVersionOf('marketing')).toBeNull();
    remotes = { marketing: { ...v2, reason: 'live', fallback: v1 } };
    expect(await newerVersionOf('marketing')).toBe('2.0.0');
    // The open page keeps running the version it loaded.
    await loadRemotePage('marketing', 'about');
    expect(loads.at(-1)).toBe('/cdn/marketing/1.0.0/about.js');
  });
});
