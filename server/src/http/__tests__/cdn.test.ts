import fs from 'node:fs';
import path from 'node:path';
import { defaultMfRemotes } from '../../config';
import { createTestApp, tempDir, type TestApp } from '../../testing/test-app';
import { readReleases } from '../cdn';
import { IMMUTABLE, NO_CACHE } from '../static-files';

function write(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** Replaces the manifest the way `pnpm promote` does: a new file renamed over the old one. */
function promote(cdn: string, live: Record<string, string | null>) {
  const remotes = Object.fromEntries(Object.entries(live).map(([name, version]) => [name, { live: version, previous: [], history: [] }]));
  const temp = path.join(cdn, `manifest.json.${Math.random()}.tmp`);
  write(temp, JSON.stringify({ remotes }));
  fs.renameSync(temp, path.join(cdn, 'manifest.json'));
}

const cdnEntry = (name: string, version: string) => `/cdn/${name}/${version}/mf-manifest.json`;

describe('the CDN folder', () => {
  let t: TestApp;
  let tmp: ReturnType<typeof tempDir>;
  let cdn: string;
  beforeAll(async () => {
    tmp = tempDir('orbitra-cdn-');
    // Not created yet: the first release makes it while the server runs.
    cdn = path.join(tmp.dir, 'cdn');
    t = await createTestApp({
      seed: false,
      env: { CDN_DIR: cdn, MF_REMOTES: JSON.stringify({ admin: 'https://static.example.org/admin/7/mf-manifest.json' }) },
    });
  });
  afterAll(async () => {
    await t.close();
    tmp.remove();
  });
  /** Each remote's address in /mf-remotes.json, as a visitor gets it. */
  const remotesManifest = async (): Promise<Record<string, string>> => {
    const body = (await t.request({ url: '/mf-remotes.json' })).json() as Record<string, { entry: string }>;
    return Object.fromEntries(Object.entries(body).map(([name, choice]) => [name, choice.entry]));
  };

  test('before any release, /mf-remotes.json is MF_REMOTES over the defaults', async () => {
    expect(await remotesManifest()).toEqual({ ...defaultMfRemotes(), admin: 'https://static.example.org/admin/7/mf-manifest.json' });
    expect((await t.request({ url: '/cdn/manifest.json' })).statusCode).toBe(404);
  });

  test('versioned files are immutable, the manifest is revalidated, hidden files are not served', async () => {
    write(path.join(cdn, 'crm', '1.2.0-abc', 'remoteEntry.js'), 'export {}');
    write(path.join(cdn, 'crm', '1.2.0-abc', 'mf-manifest.json'), '{"name":"crm"}');
    write(path.join(cdn, 'crm', '1.2.0-abc', 'assets', 'page-1.js'), 'export default 1');
    write(path.join(cdn, 'crm', '.staging-1.3.0-99', 'remoteEntry.js'), 'half copied');
    write(path.join(cdn, '.manifest.lock'), '123');
    promote(cdn, { crm: '1.2.0-abc' });
    for (const url of ['/cdn/crm/1.2.0-abc/remoteEntry.js', '/cdn/crm/1.2.0-abc/mf-manifest.json', '/cdn/crm/1.2.0-abc/assets/page-1.js']) {
      const response = await t.request({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
    }
    const manifest = await t.request({ url: '/cdn/manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe(NO_CACHE);
    expect(manifest.json().remotes.crm.live).toBe('1.2.0-abc');
    for (const url of ['/cdn/crm/.staging-1.3.0-99/remoteEntry.js', '/cdn/.manifest.lock', '/cdn/crm/9.9.9/remoteEntry.js', '/cdn/../package.json']) {
      const response = await t.request({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  test('a promotion, a rollback and an unpromoted remote show on the next request, without a restart', async () => {
    promote(cdn, { crm: '1.2.0-abc', marketing: '2.0.0-def' });
    expect(await remotesManifest()).toEqual({
      ...defaultMfRemotes(),
      admin: 'https://static.example.org/admin/7/mf-manifest.json',
      crm: cdnEntry('crm', '1.2.0-abc'),
      marketing: cdnEntry('marketing', '2.0.0-def'),
    });
    promote(cdn, { crm: '1.1.0-old', marketing: '2.0.0-def' });
    expect((await remotesManifest()).crm).toBe(cdnEntry('crm', '1.1.0-old'));
    // A live CDN version wins over MF_REMOTES; without one, MF_REMOTES applies again.
    promote(cdn, { crm: '1.1.0-old', admin: '3.0.0' });
    expect((await remotesManifest()).admin).toBe(cdnEntry('admin', '3.0.0'));
    expect((await remotesManifest()).marketing).toBe('/remotes/marketing/mf-manifest.json');
    promote(cdn, { crm: '1.1.0-old', admin: null });
    expect((await remotesManifest()).admin).toBe('https://static.example.org/admin/7/mf-manifest.json');
  });

  test('a broken manifest keeps the remotes served so far and logs a warning', async () => {
    promote(cdn, { crm: '1.2.0-abc' });
    expect((await remotesManifest()).crm).toBe(cdnEntry('crm', '1.2.0-abc'));
    fs.writeFileSync(path.join(cdn, 'manifest.json'), '{"remotes": {"crm": ');
    expect((await remotesManifest()).crm).toBe(cdnEntry('crm', '1.2.0-abc'));
    expect(t.logs.some((line) => String(line.msg).includes('CDN manifest is not readable JSON'))).toBe(true);
    promote(cdn, { crm: '1.3.0' });
    expect((await remotesManifest()).crm).toBe(cdnEntry('crm', '1.3.0'));
  });

  test('the CSP stays same-origin for CDN versions and keeps the MF_REMOTES origin', async () => {
    const csp = String((await t.request({ url: '/mf-remotes.json' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://static.example.org;");
    expect(csp).toContain("connect-src 'self' https://static.example.org;");
  });
});

describe('readReleases', () => {
  test('only well-formed names and versions are read; a bad live version reads as the built-in build', () => {
    expect(
      readReleases({
        remotes: {
          crm: { live: '1.0.0-abc', previous: ['0.9.0'] },
          admin: { live: null },
          quotations: { live: '../../etc' },
          'bad name': { live: '1.0.0' },
        },
      }),
    ).toEqual({
      crm: { live: '1.0.0-abc', previous: ['0.9.0'], canary: null },
      admin: { live: 'builtin', previous: [], canary: null },
      quotations: { live: 'builtin', previous: [], canary: null },
    });
    for (const junk of [null, 'text', [], { remotes: 'x' }, { remotes: { crm: 5 } }]) expect(readReleases(junk)).toEqual({});
  });
});
