import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';
import { DEMO_ADMIN, DEMO_STAFF } from '../seed/seed';
import { repoRoot } from '../server-paths';
import { tempDir } from '../testing/test-app';
import { startTwoInstances, type Instance, type TwoInstances } from '../testing/two-instances';

/**
 * Two server processes on one PostgreSQL database and one S3-compatible bucket (s3rver), the release
 * commands beside them: what `pnpm release` uploads, both serve from the bucket's address, and what
 * either instance, the Releases page or the commands promote, both serve on the next request.
 */
const BUCKET = 'orbitra-remotes';
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('releases in a bucket, two instances, one manifest', () => {
  let s3: S3rver;
  let endpoint: string;
  let publicUrl: string;
  let two: TwoInstances;
  let tmp: ReturnType<typeof tempDir>;
  let bucketEnv: Record<string, string>;
  let adminOnA: string;
  let staffOnB: string;
  let tenantId: string;

  beforeAll(async () => {
    tmp = tempDir('orbitra-releases-bucket-');
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(tmp.dir, 's3'), configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    // Path-style: the bucket's files as a browser loads them (a CDN's address in production).
    publicUrl = `${endpoint}/${BUCKET}`;
    bucketEnv = { CDN_S3_BUCKET: BUCKET, CDN_S3_ENDPOINT: endpoint, CDN_S3_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };
    two = await startTwoInstances({
      sessionCacheTtlMs: 1_000,
      env: { ...bucketEnv, CDN_PUBLIC_URL: publicUrl, CDN_DIR: path.join(tmp.dir, 'cdn') },
    });
    adminOnA = await login(two.a, DEMO_ADMIN.email, DEMO_ADMIN.password);
    staffOnB = await login(two.b, DEMO_STAFF.email, DEMO_STAFF.password);
    const users = (await two.a.request({ path: '/api/v1/auth/users', token: adminOnA })).body as Array<{ email: string; tenant_id: string }>;
    tenantId = users.find((user) => user.email === DEMO_STAFF.email)!.tenant_id;
  }, 180_000);
  afterAll(async () => {
    await two?.close();
    await s3?.close();
    tmp?.remove();
  }, 30_000);

  async function login(instance: Instance, email: string, password: string): Promise<string> {
    const answer = await instance.request({ method: 'POST', path: '/api/v1/auth/login', body: { email, password } });
    if (answer.status !== 200) throw new Error(`login of ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return (answer.body as { access_token: string }).access_token;
  }

  /** `pnpm <command> …` as a deploy job runs it: the bucket's settings and the instances' database. Spawned, as s3rver answers from this process. */
  function releaseTool(...args: string[]): Promise<{ status: number | null; output: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'release', 'cli.mjs'), ...args], {
        cwd: repoRoot,
        env: { ...process.env, ...bucketEnv, DATABASE_URL: two.databaseUrl, CDN_DIR: path.join(tmp.dir, 'cdn') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (status) => resolve({ status, output }));
    });
  }

  /** A build of crm as the bundler leaves it, with a page entry that says which version it is. */
  function build(version: string): string {
    const dist = path.join(tmp.dir, `dist-${version}`);
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'crm.js'), `export const version = ${JSON.stringify(version)};`);
    fs.writeFileSync(path.join(dist, 'assets', 'chunk-1.js'), 'export default 1');
    fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ name: 'crm', exposes: [{ name: 'crm', path: './crm' }] }));
    return dist;
  }

  interface Choice {
    version: string;
    entry: string;
    reason: string;
    fallback: { version: string; entry: string } | null;
  }
  const crmFor = async (instance: Instance, token?: string): Promise<Choice> =>
    ((await instance.request({ path: '/mf-remotes.json', token })).body as Record<string, Choice>).crm!;
  const entryOf = (version: string) => `${publicUrl}/crm/${version}/mf-manifest.json`;

  test('pnpm release uploads to the bucket; a promotion from the command line is served by both instances from the bucket', async () => {
    for (const version of ['1.0.0', '1.1.0']) {
      const released = await releaseTool('release', 'crm', '--version', version, '--skip-checks', '--dist', build(version));
      expect(released.output).toContain(`Published crm ${version} to s3://${BUCKET}/crm/${version}/`);
      expect(released.status).toBe(0);
    }
    expect((await crmFor(two.a)).version).toBe('builtin');
    expect((await releaseTool('promote', 'crm', '1.0.0')).status).toBe(0);
    for (const instance of [two.a, two.b]) {
      expect(await crmFor(instance)).toEqual({
        version: '1.0.0',
        entry: entryOf('1.0.0'),
        reason: 'live',
        fallback: { version: 'builtin', entry: '/remotes/crm/mf-manifest.json' },
      });
      // The browser may load scripts from the bucket's address: the CSP says so.
      const csp = String((await instance.request({ path: '/mf-remotes.json' })).headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self'`);
      expect(csp).toMatch(new RegExp(`script-src [^;]*${endpoint.replace(/[.:/]/g, '\\$&')}`));
      expect(csp).toMatch(new RegExp(`connect-src [^;]*${endpoint.replace(/[.:/]/g, '\\$&')}`));
    }
    // What a browser then loads: the bucket's files, immutable, with their types; not through the server.
    const manifest = await fetch(entryOf('1.0.0'));
    expect([manifest.status, manifest.headers.get('content-type'), manifest.headers.get('cache-control')]).toEqual([
      200,
      'application/json; charset=utf-8',
      IMMUTABLE,
    ]);
    const page = await fetch(`${publicUrl}/crm/1.0.0/crm.js`);
    expect([page.headers.get('content-type'), await page.text()]).toEqual(['text/javascript; charset=utf-8', 'export const version = "1.0.0";']);
    expect((await two.a.request({ path: '/cdn/crm/1.0.0/crm.js' })).status).toBe(404);
  }, 120_000);

  test('a canary started on one instance is served by the other, with the live version to fall back to; a failure reported on one is counted on the other', async () => {
    const started = await two.a.request({
      method: 'POST',
      path: '/api/v1/releases/crm/promote',
      token: adminOnA,
      body: { version: '1.1.0', tenant_ids: [tenantId] },
    });
    expect(started.status).toBe(200);
    const canary = await crmFor(two.b, staffOnB);
    expect(canary).toEqual({ version: '1.1.0', entry: entryOf('1.1.0'), reason: 'tenant', fallback: { version: '1.0.0', entry: entryOf('1.0.0') } });
    // A visitor of no tenant keeps the live version, on either instance.
    expect((await crmFor(two.a)).version).toBe('1.0.0');
    // The fallback a failing canary leads to is in the bucket, whole.
    expect((await fetch(canary.fallback!.entry)).status).toBe(200);
    // Its user's browser reports the canary failing to B (B finds the version in the bucket); A's Releases page counts it.
    const reported = await two.b.request({
      method: 'POST',
      path: '/api/v1/releases/crm/failures',
      token: staffOnB,
      body: { version: '1.1.0', phase: 'import', message: 'crm.js threw' },
    });
    expect(reported.status).toBe(204);
    const madeUp = await two.b.request({ method: 'POST', path: '/api/v1/releases/crm/failures', body: { version: '7.7.7', phase: 'load', message: 'm' } });
    expect(madeUp.status).toBe(404);
    const list = (await two.a.request({ path: '/api/v1/releases', token: adminOnA })).body as {
      remotes: Array<{
        remote: string;
        live: string;
        canary: { version: string } | null;
        versions: Array<{ version: string; failing_browsers_24h: number; live: boolean }>;
      }>;
    };
    const crm = list.remotes.find((r) => r.remote === 'crm')!;
    expect(crm.live).toBe('1.0.0');
    expect(crm.canary?.version).toBe('1.1.0');
    expect(crm.versions.map((v) => [v.version, v.live, v.failing_browsers_24h])).toEqual([
      ['builtin', false, 0],
      ['1.0.0', true, 0],
      ['1.1.0', false, 1],
    ]);
    const listed = await releaseTool('releases', 'crm');
    expect(listed.output).toMatch(/\* live\s+1\.0\.0 .*commit/);
    expect(listed.output).toMatch(/~ canary\s+1\.1\.0 .*\(every user of tenant .*\)\s+1 browser reported a failure in 24 h/);
  }, 60_000);

  test('rollback from the command line ends the canary on both instances; the next rollback, from the Releases page, goes back to the built-in build', async () => {
    expect((await releaseTool('rollback', 'crm')).output).toContain('The canary crm 1.1.0 is ended');
    for (const instance of [two.a, two.b]) expect((await crmFor(instance, staffOnB)).version).toBe('1.0.0');
    const back = await two.b.request({
      method: 'POST',
      path: '/api/v1/releases/crm/rollback',
      token: await login(two.b, DEMO_ADMIN.email, DEMO_ADMIN.password),
    });
    expect(back.status).toBe(200);
    for (const instance of [two.a, two.b]) expect(await crmFor(instance)).toMatchObject({ version: 'builtin', fallback: null });
    // A published version in the bucket is never written again.
    const again = await releaseTool('release', 'crm', '--version', '1.0.0', '--skip-checks', '--dist', build('1.0.0-again'));
    expect(again.status).not.toBe(0);
    expect(again.output).toContain('crm 1.0.0 is already published');
    expect(await (await fetch(`${publicUrl}/crm/1.0.0/crm.js`)).text()).toBe('export const version = "1.0.0";');
  }, 60_000);
});
