import fs from 'node:fs';
import path from 'node:path';
import type { Manifest, ManifestStore } from '@app/shared/build/release-control';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { defaultMfRemotes } from '../../../config';
import type { Db } from '../../../db/client';
import { createTestApp, tempDir, type TestApp } from '../../../testing/test-app';
import { readReleases, releasesReader } from '../placement';
import { IMMUTABLE } from '../../../http/static-files';

function write(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** Sets the manifest's row as a promotion through any instance or `pnpm promote` leaves it, whatever it holds. */
async function setManifest(db: Db, remotes: Record<string, unknown>) {
  await db.execute(sql`update release_manifest set remotes = ${JSON.stringify(remotes)}::jsonb`);
}

/** Each remote live at the version given (null: a version that is no string). */
function promote(db: Db, live: Record<string, string | null>) {
  return setManifest(db, Object.fromEntries(Object.entries(live).map(([name, version]) => [name, { live: version, previous: [], history: [] }])));
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

  test('versioned files are immutable; hidden files are not served', async () => {
    write(path.join(cdn, 'crm', '1.2.0-abc', 'crm.js'), 'export {}');
    write(path.join(cdn, 'crm', '1.2.0-abc', 'mf-manifest.json'), '{"name":"crm"}');
    write(path.join(cdn, 'crm', '1.2.0-abc', 'assets', 'page-1.js'), 'export default 1');
    write(path.join(cdn, 'crm', '.staging-1.3.0-99', 'crm.js'), 'half copied');
    write(path.join(cdn, '.manifest.lock'), '123');
    await promote(t.db, { crm: '1.2.0-abc' });
    for (const url of ['/cdn/crm/1.2.0-abc/crm.js', '/cdn/crm/1.2.0-abc/mf-manifest.json', '/cdn/crm/1.2.0-abc/assets/page-1.js']) {
      const response = await t.request({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
    }
    for (const url of ['/cdn/crm/.staging-1.3.0-99/crm.js', '/cdn/.manifest.lock', '/cdn/crm/9.9.9/crm.js', '/cdn/../package.json']) {
      const response = await t.request({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  test('a published file sets no cookie: a CDN in front would hand one CSRF token to everyone', async () => {
    write(path.join(cdn, 'crm', '1.2.1-def', 'crm.js'), 'export {}');
    write(path.join(cdn, 'crm', '1.2.1-def', 'assets', 'page-2.js'), 'export default 2');
    await promote(t.db, { crm: '1.2.1-def' });
    for (const url of ['/cdn/crm/1.2.1-def/crm.js', '/cdn/crm/1.2.1-def/assets/page-2.js', '/cdn/crm/1.2.1-def/crm.js?v=1']) {
      const response = await t.request({ url, csrf: false });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    // A page still gives a new visitor the cookie it needs.
    expect(String((await t.request({ url: '/api/v1/health', csrf: false })).headers['set-cookie'])).toMatch(/^csrftoken=/);
  });

  test('nobody reads the release manifest (its history and canary tenants): it answers 404 however it is spelled, while /mf-remotes.json serves the browser its remotes', async () => {
    write(path.join(cdn, 'crm', '1.2.0-abc', 'mf-manifest.json'), '{"name":"crm"}');
    // A manifest.json of the CDN folder from before the database kept the manifest: still never served.
    const withCanary = {
      crm: { live: '1.2.0-abc', previous: [], history: [], canary: { version: '1.2.0-abc', percent: null, tenants: ['7d1f4f7e-0000-4000-8000-000000000001'] } },
    };
    await setManifest(t.db, withCanary);
    fs.writeFileSync(path.join(cdn, 'manifest.json'), JSON.stringify({ remotes: withCanary }));
    for (const url of [
      '/cdn/manifest.json',
      '/cdn//manifest.json',
      '/cdn/./manifest.json',
      '/cdn/%6danifest.json',
      '/cdn/crm/../manifest.json',
      '/cdn/manifest.json?x=1',
    ]) {
      for (const headers of [{}, { accept: 'text/html' }, { accept: 'application/json' }] as Array<Record<string, string>>) {
        const response = await t.request({ url, headers });
        // fastify-static refuses a doubled slash as another spelling of a path (403) before looking further.
        expect({ url, status: response.statusCode }).toEqual({ url, status: url.startsWith('/cdn//') ? 403 : 404 });
        expect(response.body).not.toContain('7d1f4f7e');
        expect(response.body).not.toContain('history');
      }
    }
    expect(await remotesManifest()).toMatchObject({ crm: cdnEntry('crm', '1.2.0-abc') });
    expect((await t.request({ url: cdnEntry('crm', '1.2.0-abc') })).statusCode).toBe(200);
  });

  test('a promotion, a rollback and an unpromoted remote show on the next request, without a restart', async () => {
    await promote(t.db, { crm: '1.2.0-abc', marketing: '2.0.0-def' });
    expect(await remotesManifest()).toEqual({
      ...defaultMfRemotes(),
      admin: 'https://static.example.org/admin/7/mf-manifest.json',
      crm: cdnEntry('crm', '1.2.0-abc'),
      marketing: cdnEntry('marketing', '2.0.0-def'),
    });
    await promote(t.db, { crm: '1.1.0-old', marketing: '2.0.0-def' });
    expect((await remotesManifest()).crm).toBe(cdnEntry('crm', '1.1.0-old'));
    // A live CDN version wins over MF_REMOTES; without one, MF_REMOTES applies again.
    await promote(t.db, { crm: '1.1.0-old', admin: '3.0.0' });
    expect((await remotesManifest()).admin).toBe(cdnEntry('admin', '3.0.0'));
    expect((await remotesManifest()).marketing).toBe('/remotes/marketing/mf-manifest.json');
    await promote(t.db, { crm: '1.1.0-old', admin: null });
    expect((await remotesManifest()).admin).toBe('https://static.example.org/admin/7/mf-manifest.json');
  });

  test('a manifest written by hand is read for what it can serve', async () => {
    await setManifest(t.db, { crm: { live: '1.2.0-abc', previous: 'x', canary: { version: '../x' } }, 'bad name': { live: '1.0.0' } });
    expect((await remotesManifest()).crm).toBe(cdnEntry('crm', '1.2.0-abc'));
    await setManifest(t.db, { crm: 5 });
    expect((await remotesManifest()).crm).toBe('/remotes/crm/mf-manifest.json');
  });

  test('the CSP stays same-origin for CDN versions and keeps the MF_REMOTES origin', async () => {
    const csp = String((await t.request({ url: '/mf-remotes.json' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://static.example.org;");
    expect(csp).toContain("connect-src 'self' https://static.example.org;");
  });
});

describe('reading the manifest while the database is away', () => {
  test('the remotes read last are served, and the built-in builds before any was read; each miss is logged', async () => {
    const lines: string[] = [];
    const log = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } }).log;
    let answer: (() => Promise<Manifest>) | null = null;
    const store: ManifestStore = { read: () => answer!(), update: () => Promise.reject(new Error('not here')) };
    const read = releasesReader(store, log);
    answer = () => Promise.reject(new Error('connection refused'));
    expect(await read()).toEqual({});
    answer = async () => ({ remotes: { crm: { live: '1.2.0' } } });
    expect((await read()).crm!.live).toBe('1.2.0');
    answer = () => Promise.reject(new Error('connection refused'));
    expect((await read()).crm!.live).toBe('1.2.0');
    expect(lines.filter((line) => line.includes('release manifest cannot be read'))).toHaveLength(2);
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
