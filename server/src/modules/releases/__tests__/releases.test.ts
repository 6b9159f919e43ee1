import fs from 'node:fs';
import path from 'node:path';
import { resolvedSharedVersions } from '@app/shared/build/remote-contract';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/raw-sql';
import { createTestApp, tempDir, type TestApp } from '../../../testing/test-app';

/** A published version as `pnpm release` leaves it; `shared` overrides the singletons it records. */
function publish(cdn: string, remote: string, version: string, shared: Record<string, string> = {}) {
  const dir = path.join(cdn, remote, version);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'release.json'),
    JSON.stringify({ remote, version, commit: 'abc1234', publishedAt: '2026-11-20T10:00:00.000Z', shared: { ...resolvedSharedVersions(remote), ...shared } }),
  );
}

describe('the Releases API', () => {
  let t: TestApp;
  let tmp: ReturnType<typeof tempDir>;
  let cdn: string;
  let admin: string;
  beforeAll(async () => {
    tmp = tempDir('orbitra-releases-');
    cdn = path.join(tmp.dir, 'cdn');
    publish(cdn, 'crm', '1.0.0');
    publish(cdn, 'crm', '1.1.0');
    publish(cdn, 'crm', '2.0.0-react19', { react: '19.0.0', 'react-dom': '19.0.0' });
    t = await createTestApp({ env: { CDN_DIR: cdn }, rateLimits: { releaseFailuresPerIp: { max: 3, windowMs: 60_000 } } });
    admin = await t.loginAdmin();
  });
  afterAll(async () => {
    await t.close();
    tmp.remove();
  });

  const call = (method: 'GET' | 'POST', url: string, body?: unknown, token = admin) => t.request({ method, url: `/api/v1${url}`, body, token });
  const crmOf = async () => (await call('GET', '/releases')).json().remotes.find((r: { remote: string }) => r.remote === 'crm');

  test('only admins read or change releases', async () => {
    const staff = await t.loginStaff();
    expect((await t.request({ url: '/api/v1/releases' })).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/releases'],
      ['POST', '/releases/crm/promote'],
      ['POST', '/releases/crm/rollback'],
    ] as const) {
      const response = await call(method, url, method === 'POST' ? { version: '1.0.0' } : undefined, staff);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'Admin privileges required.' });
    }
    expect((await crmOf()).live).toBe('builtin');
  });

  test('promote, canary by share and tenant, end it, roll back to the built-in build; each change audited', async () => {
    expect((await call('POST', '/releases/crm/promote', { version: '1.0.0' })).json()).toMatchObject({ live: '1.0.0', fallback: 'builtin', canary: null });
    const canary = await call('POST', '/releases/crm/promote', { version: '1.1.0', percent: 20, tenant_ids: [t.seed!.tenantId] });
    expect(canary.statusCode).toBe(200);
    expect(canary.json()).toMatchObject({ live: '1.0.0', canary: { version: '1.1.0', percent: 20, tenant_ids: [t.seed!.tenantId] } });
    expect((await call('POST', '/releases/crm/rollback')).json()).toMatchObject({ live: '1.0.0', canary: null });
    expect((await call('POST', '/releases/crm/rollback')).json()).toMatchObject({ live: 'builtin', fallback: null });
    const crm = await crmOf();
    expect(crm.versions.map((v: { version: string }) => v.version)).toEqual(['builtin', '1.0.0', '1.1.0', '2.0.0-react19']);
    expect(crm.history.map((h: { action: string; version: string }) => `${h.action} ${h.version}`)).toEqual([
      'rollback builtin',
      'end-canary 1.1.0',
      'canary 1.1.0',
      'promote 1.0.0',
    ]);
    const audit = (await call('GET', '/audit-events?q=crm')).json().events.filter((e: { action: string }) => e.action.startsWith('release.'));
    expect(audit.map((e: { action: string; target_name: string }) => `${e.action} ${e.target_name}`)).toEqual([
      'release.rolled_back crm builtin',
      'release.canary_ended crm 1.1.0',
      'release.canary_started crm 1.1.0',
      'release.promoted crm 1.0.0',
    ]);
  });

  test("widening a canary's share keeps its tenants; tenants named in the change replace them", async () => {
    const tenant = t.seed!.tenantId;
    await call('POST', '/releases/crm/promote', { version: '1.1.0', percent: 10, tenant_ids: [tenant] });
    const widened = await call('POST', '/releases/crm/promote', { version: '1.1.0', percent: 50 });
    expect(widened.statusCode).toBe(200);
    expect(widened.json().canary).toMatchObject({ version: '1.1.0', percent: 50, tenant_ids: [tenant] });
    expect((await call('POST', '/releases/crm/promote', { version: '1.1.0', percent: 50, tenant_ids: [] })).json().canary).toMatchObject({
      percent: 50,
      tenant_ids: [],
    });
    const audit = (await call('GET', '/audit-events?q=crm')).json().events.filter((e: { action: string }) => e.action === 'release.canary_started');
    expect(audit.slice(0, 2).map((e: { details: unknown }) => e.details)).toEqual([
      { version: '1.1.0', percent: 50, tenant_ids: [] },
      { version: '1.1.0', percent: 50, tenant_ids: [tenant] },
    ]);
    expect((await call('POST', '/releases/crm/rollback')).json()).toMatchObject({ live: 'builtin', canary: null });
  });

  test("during a canary beside the built-in build, the fallbacks are /mf-remotes.json's: builtin for the canary's users, none for the rest", async () => {
    expect((await crmOf()).live).toBe('builtin');
    const canary = (await call('POST', '/releases/crm/promote', { version: '1.1.0', percent: 10 })).json();
    expect(canary).toMatchObject({ live: 'builtin', fallback: null, canary: { version: '1.1.0', fallback: 'builtin' } });
    expect((await call('POST', '/releases/crm/rollback')).json()).toMatchObject({ live: 'builtin', canary: null, fallback: null });
  });

  test('unknown remotes, versions and tenants are 404, a bad share 400, a mismatched release 409 naming each singleton', async () => {
    const cases: Array<[string, unknown, number, RegExp]> = [
      ['/releases/billing/promote', { version: '1.0.0' }, 404, /Unknown remote "billing"/],
      ['/releases/crm/promote', { version: '9.9.9' }, 404, /No release 9\.9\.9 of crm/],
      ['/releases/crm/promote', { version: '../../etc' }, 404, /not a usable version/],
      ['/releases/crm/promote', { version: '1.1.0', percent: 0 }, 400, /whole percentage from 1 to 99/],
      ['/releases/crm/promote', { version: '1.1.0', percent: 100 }, 400, /whole percentage from 1 to 99/],
      ['/releases/crm/promote', { version: '1.1.0', percent: 12.5 }, 400, /whole percentage from 1 to 99/],
      ['/releases/crm/promote', { version: '1.1.0', percent: '10' }, 400, /percent/],
      ['/releases/crm/promote', { version: '1.1.0', tenant_ids: ['not-an-id'] }, 400, /tenant_ids/],
      ['/releases/crm/promote', { version: '1.1.0', tenant_ids: ['00000000-0000-4000-8000-000000000000'] }, 404, /no tenant 00000000/],
      ['/releases/crm/promote', { version: '1.1.0\u0000' }, 400, /version/],
      ['/releases/crm/promote', { version: 'x'.repeat(1_000_000) }, 400, /version/],
      ['/releases/billing/rollback', undefined, 404, /Unknown remote/],
    ];
    for (const [url, body, status, detail] of cases) {
      const response = await call('POST', url, body);
      expect([url, JSON.stringify(body)?.slice(0, 60), response.statusCode]).toEqual([url, JSON.stringify(body)?.slice(0, 60), status]);
      expect(response.json().detail).toMatch(detail);
      // A client is never told where the server keeps its files.
      expect(response.json().detail).not.toMatch(/\/tmp\/|[a-z]:\\|\/cdn\b/i);
    }
    const refused = await call('POST', '/releases/crm/promote', { version: '2.0.0-react19' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain("react 19.0.0 is outside the shell's range ^18.3.1");
    expect(refused.json().detail).toContain("react-dom 19.0.0 is outside the shell's range ^18.3.1");
  });

  test('any browser reports a failing version; counts per version over 24 hours; bad reports are 4xx; a flood is limited', async () => {
    const report = (remote: string, body: unknown, remoteAddress = '10.0.0.1') =>
      t.request({ method: 'POST', url: `/api/v1/releases/${remote}/failures`, body, remoteAddress });
    expect((await report('crm', { version: '1.1.0', phase: 'load', message: 'crm.js answered 404' })).statusCode).toBe(204);
    expect((await report('crm', { version: '1.1.0', phase: 'import', message: 'boom' })).statusCode).toBe(204);
    expect((await report('crm', { version: 'builtin', phase: 'render', message: 'x'.repeat(500) })).statusCode).toBe(204);
    const limited = await report('crm', { version: '1.1.0', phase: 'load', message: 'again' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/Too many failure reports/);

    const bad: Array<[string, unknown, number]> = [
      ['crm', { version: '1.1.0', phase: 'load', message: 'x'.repeat(501) }, 400],
      ['crm', { version: '1.1.0', phase: 'boot', message: 'm' }, 400],
      ['crm', { version: '1.1.0', phase: 'load', message: '' }, 400],
      ['crm', { version: '1.1.0', phase: 'load', message: 'nul\u0000' }, 400],
      ['crm', { version: '1.1.0', phase: 'load', message: 'lone \ud800' }, 400],
      ['crm', { version: 7, phase: 'load', message: 'm' }, 400],
      ['crm', { version: '7.7.7', phase: 'load', message: 'm' }, 404],
      ['billing', { version: '1.1.0', phase: 'load', message: 'm' }, 404],
    ];
    for (const [i, [remote, body, status]] of bad.entries()) {
      const response = await report(remote, body, `10.0.1.${i}`);
      expect([remote, i, response.statusCode]).toEqual([remote, i, status]);
      expect(typeof response.json().detail).toBe('string');
    }
    const versions = (await crmOf()).versions;
    // Both reports of 1.1.0 came from one address: one browser.
    expect(Object.fromEntries(versions.map((v: { version: string; failing_browsers_24h: number }) => [v.version, v.failing_browsers_24h]))).toEqual({
      builtin: 1,
      '1.0.0': 0,
      '1.1.0': 1,
      '2.0.0-react19': 0,
    });
  });
});

describe('failure reports count browsers, not reports', () => {
  let t: TestApp;
  let tmp: ReturnType<typeof tempDir>;
  beforeAll(async () => {
    tmp = tempDir('orbitra-release-reporters-');
    const cdn = path.join(tmp.dir, 'cdn');
    publish(cdn, 'crm', '1.0.0');
    t = await createTestApp({ env: { CDN_DIR: cdn } });
  });
  afterAll(async () => {
    await t.close();
    tmp.remove();
  });

  const failing = async (version: string) => {
    const crm = (await t.request({ url: '/api/v1/releases', token: await t.loginAdmin() })).json().remotes.find((r: { remote: string }) => r.remote === 'crm');
    return crm.versions.find((v: { version: string }) => v.version === version).failing_browsers_24h as number;
  };
  const report = (version: string, remoteAddress: string, token?: string) =>
    t.request({ method: 'POST', url: '/api/v1/releases/crm/failures', body: { version, phase: 'render', message: 'boom' }, remoteAddress, token });

  test('18 anonymous reports from one address put one browser on the Releases page, not 18', async () => {
    for (let i = 0; i < 18; i++) expect((await report('builtin', '203.0.113.7')).statusCode).toBe(204);
    expect(await failing('builtin')).toBe(1);
  });

  test('each address and each signed-in user counts once, whatever address the user reports from; the address is not stored', async () => {
    const staff = await t.loginStaff();
    const admin = await t.loginAdmin();
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.2']) expect((await report('1.0.0', address)).statusCode).toBe(204);
    for (const address of ['198.51.100.3', '198.51.100.4']) expect((await report('1.0.0', address, staff)).statusCode).toBe(204);
    expect((await report('1.0.0', '198.51.100.5', admin)).statusCode).toBe(204);
    // A stale token reports as its address.
    expect((await report('1.0.0', '198.51.100.1', 'not-a-token')).statusCode).toBe(204);
    // Two addresses, the staff user and the admin.
    expect(await failing('1.0.0')).toBe(4);
    const stored = await t.db.execute(sql`select reporter from release_failures`);
    expect(JSON.stringify(stored)).not.toMatch(/198\.51\.100|203\.0\.113/);
  });
});

describe('the manifest file of the CDN folder is carried into the database on the first start', () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeAll(() => {
    tmp = tempDir('orbitra-release-carry-');
  });
  afterAll(() => tmp.remove());

  test('live versions, the ones before, a canary and the history all carry over, once; the file changes nothing after', async () => {
    const cdn = path.join(tmp.dir, 'cdn');
    publish(cdn, 'crm', '1.0.0');
    publish(cdn, 'crm', '1.1.0');
    const tenant = '7d1f4f7e-0000-4000-8000-000000000001';
    const before = {
      remotes: {
        crm: {
          live: '1.0.0',
          previous: ['builtin'],
          canary: { version: '1.1.0', percent: 10, tenants: [tenant], since: '2026-11-21T09:00:00.000Z' },
          history: [
            { action: 'promote', version: '1.0.0', at: '2026-11-20T10:00:00.000Z' },
            { action: 'canary', version: '1.1.0', percent: 10, tenants: [tenant], at: '2026-11-21T09:00:00.000Z' },
          ],
        },
      },
    };
    fs.writeFileSync(path.join(cdn, 'manifest.json'), JSON.stringify(before));
    const t = await createTestApp({ env: { CDN_DIR: cdn } });
    try {
      const admin = await t.loginAdmin();
      const crmOf = async () => (await t.request({ url: '/api/v1/releases', token: admin })).json().remotes.find((r: { remote: string }) => r.remote === 'crm');
      const staff = await t.loginStaff();
      // Before anyone opens the Releases page, the first page load already gets the carried manifest's
      // version: the live one, or the canary for the tenth of users its share picks (by user id, random here).
      const { version, reason } = (await t.request({ url: '/mf-remotes.json', token: staff })).json().crm;
      expect([
        ['1.0.0', 'live'],
        ['1.1.0', 'canary'],
      ]).toContainEqual([version, reason]);
      expect(await crmOf()).toMatchObject({ live: '1.0.0', fallback: 'builtin', canary: { version: '1.1.0', percent: 10, tenant_ids: [tenant] } });
      expect((await crmOf()).history.map((h: { action: string }) => h.action)).toEqual(['canary', 'promote']);
      const [row] = rowsOf<{ carried_over_from: string }>(await t.db.execute(sql`select carried_over_from from release_manifest`));
      expect(row.carried_over_from).toBe(path.join(cdn, 'manifest.json'));
      // The database is the record now: the file is neither read again nor written.
      fs.writeFileSync(path.join(cdn, 'manifest.json'), JSON.stringify({ remotes: { crm: { live: '1.1.0' } } }));
      expect((await call(t, admin, '/releases/crm/rollback')).json()).toMatchObject({ live: '1.0.0', canary: null });
      expect(JSON.parse(fs.readFileSync(path.join(cdn, 'manifest.json'), 'utf8')).remotes.crm.live).toBe('1.1.0');
      expect((await crmOf()).live).toBe('1.0.0');
    } finally {
      await t.close();
    }
  });

  test('a manifest file that is not JSON is carried over as nothing: remotes run their built-in builds, the Releases page says why, and once fixed it carries over', async () => {
    const cdn = path.join(tmp.dir, 'broken');
    publish(cdn, 'crm', '1.0.0');
    fs.writeFileSync(path.join(cdn, 'manifest.json'), '{"remotes": {"crm": ');
    const t = await createTestApp({ env: { CDN_DIR: cdn } });
    try {
      const admin = await t.loginAdmin();
      expect((await t.request({ url: '/mf-remotes.json' })).json().crm.version).toBe('builtin');
      const list = await t.request({ url: '/api/v1/releases', token: admin });
      expect(list.statusCode).toBe(409);
      expect(list.json().detail).toMatch(
        /manifest\.json, whose live versions are carried into the database once, is not a readable manifest .*fix or remove it/,
      );
      expect(list.json().detail).not.toMatch(/\/tmp\//);
      // Nothing was carried over as empty: a promotion waits for the file too.
      expect((await call(t, admin, '/releases/crm/promote', { version: '1.0.0' })).statusCode).toBe(409);
      fs.writeFileSync(path.join(cdn, 'manifest.json'), JSON.stringify({ remotes: { crm: { live: '1.0.0', previous: [], history: [] } } }));
      expect((await t.request({ url: '/mf-remotes.json' })).json().crm.version).toBe('1.0.0');
      expect((await t.request({ url: '/api/v1/releases', token: admin })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

const call = (t: TestApp, token: string, url: string, body?: unknown) => t.request({ method: 'POST', url: `/api/v1${url}`, body, token });
