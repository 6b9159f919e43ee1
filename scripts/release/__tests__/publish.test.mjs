import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, afterEach, before, beforeEach, test } from 'node:test';
import releaseFiles from '@app/shared/build/release-files';
import { manifestIn } from '../cdn-manifest.mjs';
import { listReleases, promote, publish, readRecord, remoteState as stateIn, resolvedSharedVersions, rollback } from '../publish.mjs';
import { testDatabase } from './services.mjs';

let database;
let tmp;
let cdn;
let dist;
/** The folder's files and the database's manifest, as the commands and the server use them. */
let stores;
before(async () => {
  database = await testDatabase();
});
after(() => database?.dispose());
beforeEach(async () => {
  await database.reset();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'orbitra-publish-'));
  cdn = path.join(tmp, 'cdn');
  dist = path.join(tmp, 'dist');
  stores = { manifest: manifestIn(database.db, cdn), files: releaseFiles.folderFiles(cdn) };
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'home.js'), 'export {}');
  fs.writeFileSync(path.join(dist, 'about.js'), 'export {}');
  fs.writeFileSync(path.join(dist, 'assets', 'home-abc.js'), 'export default 1');
  fs.writeFileSync(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({
      exposes: [
        { name: 'home', path: './home' },
        { name: 'about', path: './about' },
      ],
    }),
  );
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const publishAs = (version, extra = {}) => publish({ files: stores.files, remote: 'marketing', version, dist, commit: 'abc1234', ...extra });
const remoteState = (remote) => stateIn(stores.manifest, remote);

test('a release is the build plus a record of its commit, shared versions and exposed modules', async () => {
  const record = await publishAs('1.0.0-abc1234', { now: new Date('2026-11-23T10:00:00Z') });
  const folder = path.join(cdn, 'marketing', '1.0.0-abc1234');
  assert.deepEqual(fs.readdirSync(folder).sort(), ['about.js', 'assets', 'home.js', 'mf-manifest.json', 'release.json']);
  assert.deepEqual(await readRecord(stores.files, 'marketing', '1.0.0-abc1234'), record);
  assert.equal(record.commit, 'abc1234');
  assert.equal(record.publishedAt, '2026-11-23T10:00:00.000Z');
  assert.deepEqual(record.exposes, ['about', 'home']);
  assert.match(record.shared.react, /^18\.\d+\.\d+$/);
  assert.deepEqual(Object.keys(record.shared).sort(), ['@app/shared', '@tanstack/react-query', 'react', 'react-dom', 'react-router', 'styled-components']);
  assert.deepEqual(record.shared, resolvedSharedVersions('marketing'));
});

test('a published version is never overwritten', async () => {
  await publishAs('1.0.0');
  fs.writeFileSync(path.join(dist, 'home.js'), 'changed');
  await assert.rejects(publishAs('1.0.0'), /marketing 1\.0\.0 is already published .* never overwritten/);
  assert.equal(fs.readFileSync(path.join(cdn, 'marketing', '1.0.0', 'home.js'), 'utf8'), 'export {}');
  assert.deepEqual(fs.readdirSync(path.join(cdn, 'marketing')), ['1.0.0']);
});

test('versions that are not a plain folder name and folders that are not a build are refused', async () => {
  for (const version of ['../escape', 'a/b', '', '.hidden']) await assert.rejects(publishAs(version), /not a usable version/);
  fs.rmSync(path.join(dist, 'mf-manifest.json'));
  await assert.rejects(publishAs('2.0.0'), /no readable mf-manifest.json/);
  assert.equal(fs.existsSync(path.join(cdn, 'marketing', '2.0.0')), false);
});

test('a build whose manifest exposes a page its build does not hold is refused, naming the missing entry, and nothing is published', async () => {
  fs.rmSync(path.join(dist, 'about.js'));
  await assert.rejects(
    publishAs('1.0.0'),
    /not a whole build of marketing: its mf-manifest.json exposes about, but about\.js is not in the build; nothing was published/,
  );
  // A folder named like the entry is no entry either, nor a name that leads out of the build.
  fs.mkdirSync(path.join(dist, 'about.js'));
  await assert.rejects(publishAs('1.0.0'), /about\.js is not in the build/);
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ exposes: [{ name: '../home', path: './home' }] }));
  fs.writeFileSync(path.join(tmp, 'home.js'), 'export {}');
  await assert.rejects(publishAs('1.0.0'), /\.\.\/home\.js is not in the build/);
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ exposes: [] }));
  await assert.rejects(publishAs('1.0.0'), /exposes no page of marketing/);
  assert.equal(fs.existsSync(path.join(cdn, 'marketing')), false);
});

test('the release command refuses such a build with its reason and a failing exit, leaving the CDN folder as it was', () => {
  fs.rmSync(path.join(dist, 'about.js'));
  const cli = fileURLToPath(new URL('../cli.mjs', import.meta.url));
  const run = spawnSync(process.execPath, [cli, 'release', 'marketing', '--version', '1.0.0', '--skip-checks', '--dist', dist], {
    env: { ...process.env, CDN_DIR: cdn },
    encoding: 'utf8',
  });
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /exposes about, but about\.js is not in the build; nothing was published/);
  assert.equal(fs.existsSync(path.join(cdn, 'marketing', '1.0.0')), false);
  assert.deepEqual(fs.existsSync(path.join(cdn, 'marketing')) ? fs.readdirSync(path.join(cdn, 'marketing')) : [], []);
});

test('promotion, rollback and the list of releases', async () => {
  await publishAs('1.0.0', { now: new Date('2026-11-23T10:00:00Z') });
  await publishAs('1.1.0', { now: new Date('2026-11-23T11:00:00Z') });
  await promote(stores, 'marketing', '1.0.0');
  await promote(stores, 'marketing', '1.1.0');
  assert.deepEqual(
    (await listReleases(stores, 'marketing')).map((r) => [r.version, r.live]),
    [
      ['builtin', false],
      ['1.0.0', false],
      ['1.1.0', true],
    ],
  );
  assert.deepEqual(await rollback(stores, 'marketing'), { restored: '1.0.0' });
  assert.equal((await listReleases(stores, 'marketing')).find((r) => r.live).version, '1.0.0');
  await assert.rejects(promote(stores, 'marketing', '9.9.9'), /No release 9\.9\.9 of marketing/);
  await assert.rejects(promote(stores, 'billing', '1.0.0'), /Unknown remote "billing"/);
});

test('rolling back the first promotion returns to the built-in build, which can be promoted by name', async () => {
  await publishAs('1.0.0');
  assert.equal((await listReleases(stores, 'marketing')).find((r) => r.live).version, 'builtin');
  await promote(stores, 'marketing', '1.0.0');
  assert.equal((await remoteState('marketing')).fallback, 'builtin');
  assert.deepEqual(await rollback(stores, 'marketing'), { restored: 'builtin' });
  assert.equal((await listReleases(stores, 'marketing')).find((r) => r.live).version, 'builtin');
  assert.equal((await remoteState('marketing')).fallback, null);
  await assert.rejects(rollback(stores, 'marketing'), /runs its built-in build; nothing was promoted/);
  await promote(stores, 'marketing', '1.0.0');
  await promote(stores, 'marketing', 'builtin');
  assert.equal((await remoteState('marketing')).live, 'builtin');
  assert.equal((await remoteState('marketing')).fallback, '1.0.0');
  await assert.rejects(publishAs('builtin'), /names the build the server carries/);
});

test('a canary by share and by tenant runs beside the live version until promoted or rolled back', async () => {
  await publishAs('1.0.0');
  await publishAs('1.1.0');
  await promote(stores, 'marketing', '1.0.0');
  await promote(stores, 'marketing', '1.1.0', { percent: 10, tenants: ['t-1'] });
  let state = await remoteState('marketing');
  assert.equal(state.live, '1.0.0');
  assert.deepEqual({ ...state.canary, since: undefined }, { version: '1.1.0', percent: 10, tenants: ['t-1'], since: undefined });
  assert.deepEqual((await listReleases(stores, 'marketing')).find((r) => r.canary)?.version, '1.1.0');
  for (const percent of [0, 100, 12.5, -1]) await assert.rejects(promote(stores, 'marketing', '1.1.0', { percent }), /whole percentage from 1 to 99/);
  await assert.rejects(promote(stores, 'marketing', '1.0.0', { percent: 5 }), /already live for everyone/);
  // Ending the canary leaves the live version alone.
  assert.deepEqual(await rollback(stores, 'marketing'), { ended: '1.1.0' });
  assert.equal((await remoteState('marketing')).canary, null);
  assert.equal((await remoteState('marketing')).live, '1.0.0');
  // Raising the share, then completing: live for everyone, canary gone, the old live one to fall back to.
  await promote(stores, 'marketing', '1.1.0', { percent: 10 });
  await promote(stores, 'marketing', '1.1.0', { percent: 50 });
  await promote(stores, 'marketing', '1.1.0');
  state = await remoteState('marketing');
  assert.deepEqual([state.live, state.canary, state.fallback], ['1.1.0', null, '1.0.0']);
  assert.deepEqual(
    state.history.map((h) => `${h.action} ${h.version}${h.percent ? ` ${h.percent}%` : ''}`),
    ['promote 1.0.0', 'canary 1.1.0 10%', 'end-canary 1.1.0', 'canary 1.1.0 10%', 'canary 1.1.0 50%', 'promote 1.1.0'],
  );
});

test('changing a canary’s share keeps its tenants, and changing its tenants keeps its share, unless the change names them', async () => {
  await publishAs('1.0.0');
  await publishAs('1.1.0');
  await publishAs('1.2.0');
  await promote(stores, 'marketing', '1.0.0');
  await promote(stores, 'marketing', '1.1.0', { percent: 10, tenants: ['t-1'] });
  const canary = async () => {
    const { version, percent, tenants } = (await remoteState('marketing')).canary;
    return { version, percent, tenants };
  };
  await promote(stores, 'marketing', '1.1.0', { percent: 50 });
  assert.deepEqual(await canary(), { version: '1.1.0', percent: 50, tenants: ['t-1'] });
  await promote(stores, 'marketing', '1.1.0', { tenants: ['t-1', 't-2'] });
  assert.deepEqual(await canary(), { version: '1.1.0', percent: 50, tenants: ['t-1', 't-2'] });
  // Named as none, they go.
  await promote(stores, 'marketing', '1.1.0', { percent: null });
  assert.deepEqual(await canary(), { version: '1.1.0', percent: null, tenants: ['t-1', 't-2'] });
  await promote(stores, 'marketing', '1.1.0', { percent: 20, tenants: [] });
  assert.deepEqual(await canary(), { version: '1.1.0', percent: 20, tenants: [] });
  // Another version is a new canary: nothing carries over from the one it replaces.
  await promote(stores, 'marketing', '1.1.0', { tenants: ['t-1'] });
  await promote(stores, 'marketing', '1.2.0', { percent: 5 });
  assert.deepEqual(await canary(), { version: '1.2.0', percent: 5, tenants: [] });
  assert.deepEqual(
    (await remoteState('marketing')).history
      .map((h) => h.action === 'canary' && `${h.version} ${h.percent ?? '-'} ${h.tenants.join('+') || '-'}`)
      .filter(Boolean),
    ['1.1.0 10 t-1', '1.1.0 50 t-1', '1.1.0 50 t-1+t-2', '1.1.0 - t-1+t-2', '1.1.0 20 -', '1.1.0 20 t-1', '1.2.0 5 -'],
  );
});

test('a release built against another React is refused at promotion, naming the mismatch', async () => {
  await publishAs('2.0.0-react19', { shared: { ...resolvedSharedVersions('marketing'), react: '19.0.0', 'react-dom': '19.0.0' } });
  await assert.rejects(promote(stores, 'marketing', '2.0.0-react19'), (error) => {
    assert.match(error.message, /^Refused: marketing 2\.0\.0-react19/);
    assert.match(error.message, /react 19\.0\.0 is outside the shell's range \^18\.3\.1/);
    assert.match(error.message, /react-dom 19\.0\.0 is outside/);
    assert.doesNotMatch(error.message, /styled-components/);
    return true;
  });
  assert.equal((await stores.manifest.read()).remotes.marketing, undefined);
});
