import fs from 'node:fs';
import path from 'node:path';
import { promote, rollback, type ReleaseStores } from '@app/shared/build/release-control';
import { resolvedSharedVersions } from '@app/shared/build/remote-contract';
import { releaseStores } from '../stores';
import { createTestApp, tempDir, type TestApp } from '../../../testing/test-app';
import { remotesFor, userBucket } from '../placement';
import { BUCKET_COOKIE, PER_USER } from '../../../http/static-files';

/** A published version as `pnpm release` leaves it: enough for promotion to accept it. */
function publish(cdn: string, remote: string, version: string) {
  const dir = path.join(cdn, remote, version);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'release.json'),
    JSON.stringify({ remote, version, commit: 'abc', publishedAt: new Date().toISOString(), shared: resolvedSharedVersions(remote) }),
  );
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
}

describe('canaries in /mf-remotes.json', () => {
  let t: TestApp;
  let tmp: ReturnType<typeof tempDir>;
  let cdn: string;
  let stores: ReleaseStores;
  beforeAll(async () => {
    tmp = tempDir('orbitra-canary-');
    cdn = path.join(tmp.dir, 'cdn');
    for (const v of ['1.0.0', '1.1.0']) publish(cdn, 'crm', v);
    t = await createTestApp({ env: { CDN_DIR: cdn } });
    stores = releaseStores(t.scoped, { cdnDir: cdn });
    await promote(stores, 'crm', '1.0.0');
  });
  afterAll(async () => {
    await t.close();
    tmp.remove();
  });
  beforeEach(async () => {
    await rollback(stores, 'crm').catch(() => undefined);
    await promote(stores, 'crm', '1.0.0');
  });

  /** One visitor's five page loads: the first without the cookie, the others with the one it was given. */
  async function visitorSides(): Promise<string[]> {
    const first = await t.request({ url: '/mf-remotes.json', csrf: false });
    const cookie = first.cookies.find((c) => c.name === BUCKET_COOKIE);
    if (!cookie) throw new Error('no bucket cookie');
    const sides = [first.json().crm.reason as string];
    for (let i = 0; i < 4; i++) {
      const again = await t.request({ url: '/mf-remotes.json', csrf: false, headers: { cookie: `${BUCKET_COOKIE}=${cookie.value}` } });
      expect(again.cookies.find((c) => c.name === BUCKET_COOKIE)).toBeUndefined();
      sides.push(again.json().crm.reason);
    }
    return sides;
  }

  test('at 10%, about a tenth of 1,000 visitors get the canary, and each keeps their side over 5 loads', async () => {
    await promote(stores, 'crm', '1.1.0', { percent: 10 });
    let canary = 0;
    for (let i = 0; i < 1000; i++) {
      const sides = await visitorSides();
      expect(new Set(sides).size).toBe(1);
      if (sides[0] === 'canary') canary++;
    }
    console.log(`canary at 10%: ${canary / 10}% of 1,000 visitors`);
    expect(canary).toBeGreaterThanOrEqual(70);
    expect(canary).toBeLessThanOrEqual(130);
  }, 120_000);

  test('signed-in users are placed by their id: a tenth at 10%, the same every time, and raising the share only adds users', () => {
    const releases = { crm: { live: '1.0.0', previous: ['builtin'], canary: { version: '1.1.0', percent: 10, tenants: [] } } };
    // Fixed ids, so the share measured is the same on every run (random ones fall outside 7–13% now and then).
    const users = Array.from({ length: 1000 }, (_, i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`);
    const sideAt = (percent: number, id: string) =>
      remotesFor({ crm: { ...releases.crm, canary: { ...releases.crm.canary, percent } } }, {}, { bucket: userBucket(id), tenantId: null }).crm!.version;
    const atTen = users.filter((id) => sideAt(10, id) === '1.1.0');
    console.log(`canary at 10%: ${atTen.length / 10}% of 1,000 signed-in users`);
    expect(atTen.length).toBeGreaterThanOrEqual(70);
    expect(atTen.length).toBeLessThanOrEqual(130);
    for (const id of users) expect(new Set(Array.from({ length: 5 }, () => sideAt(10, id))).size).toBe(1);
    const atThirty = new Set(users.filter((id) => sideAt(30, id) === '1.1.0'));
    expect(atTen.every((id) => atThirty.has(id))).toBe(true);
    expect(atThirty.size).toBeGreaterThan(atTen.length);
  });

  test('a canary for a tenant reaches every user of it, the fallback is the live version, and the answer is never cached', async () => {
    const staff = await t.loginStaff();
    const tenantId = t.seed!.tenantId;
    const before = await t.request({ url: '/mf-remotes.json', token: staff });
    expect(before.json().crm).toEqual({
      version: '1.0.0',
      entry: '/cdn/crm/1.0.0/mf-manifest.json',
      reason: 'live',
      fallback: { version: 'builtin', entry: '/remotes/crm/mf-manifest.json' },
    });
    expect(before.headers['cache-control']).toBe(PER_USER);

    await promote(stores, 'crm', '1.1.0', { tenants: [tenantId] });
    const pinned = await t.request({ url: '/mf-remotes.json', token: staff });
    expect(pinned.json().crm).toEqual({
      version: '1.1.0',
      entry: '/cdn/crm/1.1.0/mf-manifest.json',
      reason: 'tenant',
      fallback: { version: '1.0.0', entry: '/cdn/crm/1.0.0/mf-manifest.json' },
    });
    // Signed-in users are placed by id, not by cookie: none is set for them.
    expect(pinned.cookies.find((c) => c.name === BUCKET_COOKIE)).toBeUndefined();
    // A visitor belongs to no tenant: the live version.
    expect((await t.request({ url: '/mf-remotes.json', csrf: false, headers: { cookie: `${BUCKET_COOKIE}=9999` } })).json().crm.reason).toBe('live');
    // A forged token is a visitor, not an error.
    const forged = await t.request({ url: '/mf-remotes.json', token: 'not-a-token' });
    expect(forged.statusCode).toBe(200);
    expect(forged.json().crm.version).toBe('1.0.0');

    await rollback(stores, 'crm');
    expect((await t.request({ url: '/mf-remotes.json', token: staff })).json().crm.version).toBe('1.0.0');
  });

  test('a visitor’s bucket cookie is first-party, Lax, kept a year, and unreadable by scripts', async () => {
    const response = await t.request({ url: '/mf-remotes.json', csrf: false });
    const cookie = response.cookies.find((c) => c.name === BUCKET_COOKIE)!;
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', maxAge: 31_536_000, httpOnly: true });
    expect(cookie.domain).toBeUndefined();
    // A cookie that is not a bucket gets a new one.
    const junk = await t.request({ url: '/mf-remotes.json', csrf: false, headers: { cookie: `${BUCKET_COOKIE}=-5` } });
    expect(junk.cookies.find((c) => c.name === BUCKET_COOKIE)?.value).toMatch(/^\d{1,4}$/);
  });
});
