import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, beforeEach, test } from 'node:test';
import { manifestIn, rollBack, setLive } from '../cdn-manifest.mjs';
import { testDatabase } from './services.mjs';

let database;
let cdn;
let manifest;
before(async () => {
  database = await testDatabase();
});
after(() => database?.dispose());
beforeEach(async () => {
  await database.reset();
  cdn = fs.mkdtempSync(path.join(os.tmpdir(), 'orbitra-cdn-'));
  manifest = manifestIn(database.db, cdn);
});
afterEach(() => fs.rmSync(cdn, { recursive: true, force: true }));

const row = async () => (await database.db.query('select remotes, carried_over_from from release_manifest'))[0];

test('promote makes a version live and remembers the one it replaced, in the database', async () => {
  await setLive(manifest, 'crm', '1.0.0-aaa');
  await setLive(manifest, 'crm', '1.1.0-bbb');
  const entry = (await row()).remotes.crm;
  assert.equal(entry.live, '1.1.0-bbb');
  assert.deepEqual(entry.previous, ['builtin', '1.0.0-aaa']);
  assert.deepEqual(
    entry.history.map((h) => `${h.action} ${h.version}`),
    ['promote 1.0.0-aaa', 'promote 1.1.0-bbb'],
  );
  // Nothing is written to the CDN folder any more.
  assert.deepEqual(fs.readdirSync(cdn), []);
});

test('promoting the live version again changes nothing', async () => {
  await setLive(manifest, 'crm', '1.0.0-aaa');
  assert.equal(await setLive(manifest, 'crm', '1.0.0-aaa'), false);
  assert.equal((await row()).remotes.crm.history.length, 1);
});

test('rollback goes back one promotion at a time, to the built-in build and no further', async () => {
  for (const v of ['v1', 'v2', 'v3']) await setLive(manifest, 'admin', v);
  assert.deepEqual(await rollBack(manifest, 'admin'), { restored: 'v2' });
  assert.deepEqual(await rollBack(manifest, 'admin'), { restored: 'v1' });
  assert.equal((await row()).remotes.admin.live, 'v1');
  assert.deepEqual(await rollBack(manifest, 'admin'), { restored: 'builtin' });
  await assert.rejects(rollBack(manifest, 'admin'), /runs its built-in build; nothing was promoted/);
  await assert.rejects(rollBack(manifest, 'crm'), /runs its built-in build/);
  assert.deepEqual(
    (await row()).remotes.admin.history.map((h) => h.action),
    ['promote', 'promote', 'promote', 'rollback', 'rollback', 'rollback'],
  );
});

test('one remote’s promotion leaves the others alone', async () => {
  await setLive(manifest, 'crm', 'c1');
  await setLive(manifest, 'marketing', 'm1');
  await rollBack(manifest, 'crm');
  const { remotes } = await row();
  assert.equal(remotes.crm.live, 'builtin');
  assert.equal(remotes.marketing.live, 'm1');
});

test("the CDN folder's manifest.json is carried into the database the first time, live versions and all, and never read again", async () => {
  const before = {
    remotes: { crm: { live: 'c2', previous: ['builtin', 'c1'], history: [{ action: 'promote', version: 'c2', at: '2026-11-20T10:00:00.000Z' }] } },
  };
  fs.writeFileSync(path.join(cdn, 'manifest.json'), JSON.stringify(before));
  assert.equal((await manifest.read()).remotes.crm.live, 'c2');
  assert.deepEqual(await row(), { remotes: before.remotes, carried_over_from: path.join(cdn, 'manifest.json') });
  fs.writeFileSync(path.join(cdn, 'manifest.json'), JSON.stringify({ remotes: { crm: { live: 'c9' } } }));
  assert.deepEqual(await rollBack(manifest, 'crm'), { restored: 'c1' });
  assert.equal((await row()).remotes.crm.live, 'c1');
});

test('a manifest file written before the built-in version was recorded rolls its first promotion back to it', async () => {
  fs.writeFileSync(path.join(cdn, 'manifest.json'), JSON.stringify({ remotes: { crm: { live: 'c1', previous: [], history: [] } } }));
  assert.deepEqual(await rollBack(manifest, 'crm'), { restored: 'builtin' });
});

test('a broken manifest file is named and carried over as nothing: no row is made until it is fixed', async () => {
  fs.writeFileSync(path.join(cdn, 'manifest.json'), '{"remotes":');
  await assert.rejects(
    setLive(manifest, 'crm', 'c2'),
    /manifest\.json, whose live versions are carried into the database once, is not a readable manifest .* fix or remove it/,
  );
  await assert.rejects(manifest.read(), /not a readable manifest/);
  assert.equal(await row(), undefined);
  assert.equal(fs.readFileSync(path.join(cdn, 'manifest.json'), 'utf8'), '{"remotes":');
  fs.writeFileSync(path.join(cdn, 'manifest.json'), JSON.stringify({ remotes: 7 }));
  await assert.rejects(manifest.read(), /no "remotes" object/);
  fs.rmSync(path.join(cdn, 'manifest.json'));
  await setLive(manifest, 'crm', 'c2');
  assert.deepEqual(await row(), { remotes: { crm: (await row()).remotes.crm }, carried_over_from: null });
});

/** Promotes `count` versions of `remote` in its own process with its own connection, as two CI jobs or two instances would. */
function promoteInProcess(remote, count) {
  const script = `
    import { openDatabase } from ${JSON.stringify(new URL('../database.mjs', import.meta.url).href)};
    import { manifestIn, setLive } from ${JSON.stringify(new URL('../cdn-manifest.mjs', import.meta.url).href)};
    const db = await openDatabase({ DATABASE_URL: ${JSON.stringify(database.url)} });
    const manifest = manifestIn(db, ${JSON.stringify(cdn)});
    for (let i = 1; i <= ${count}; i++) await setLive(manifest, ${JSON.stringify(remote)}, '${remote}-' + i);
    await db.close();
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(stderr))));
  });
}

test('concurrent promotions of two remotes from two processes lose neither, the first row made once', async () => {
  const count = 25;
  await Promise.all([promoteInProcess('crm', count), promoteInProcess('marketing', count), promoteInProcess('admin', count)]);
  const { remotes } = await row();
  for (const remote of ['crm', 'marketing', 'admin']) {
    assert.equal(remotes[remote].live, `${remote}-${count}`);
    assert.equal(remotes[remote].history.length, count);
    assert.equal(remotes[remote].previous.length, count);
  }
});
