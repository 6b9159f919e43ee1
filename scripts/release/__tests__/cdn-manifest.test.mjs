import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { readManifest, rollBack, setLive } from '../cdn-manifest.mjs';

let cdn;
beforeEach(() => {
  cdn = fs.mkdtempSync(path.join(os.tmpdir(), 'orbitra-cdn-'));
});
afterEach(() => fs.rmSync(cdn, { recursive: true, force: true }));

test('promote makes a version live and remembers the one it replaced', async () => {
  await setLive(cdn, 'crm', '1.0.0-aaa');
  await setLive(cdn, 'crm', '1.1.0-bbb');
  const entry = readManifest(cdn).remotes.crm;
  assert.equal(entry.live, '1.1.0-bbb');
  assert.deepEqual(entry.previous, ['builtin', '1.0.0-aaa']);
  assert.deepEqual(
    entry.history.map((h) => `${h.action} ${h.version}`),
    ['promote 1.0.0-aaa', 'promote 1.1.0-bbb'],
  );
});

test('promoting the live version again changes nothing', async () => {
  await setLive(cdn, 'crm', '1.0.0-aaa');
  assert.equal(await setLive(cdn, 'crm', '1.0.0-aaa'), false);
  assert.equal(readManifest(cdn).remotes.crm.history.length, 1);
});

test('rollback goes back one promotion at a time, to the built-in build and no further', async () => {
  for (const v of ['v1', 'v2', 'v3']) await setLive(cdn, 'admin', v);
  assert.deepEqual(await rollBack(cdn, 'admin'), { restored: 'v2' });
  assert.deepEqual(await rollBack(cdn, 'admin'), { restored: 'v1' });
  assert.equal(readManifest(cdn).remotes.admin.live, 'v1');
  assert.deepEqual(await rollBack(cdn, 'admin'), { restored: 'builtin' });
  await assert.rejects(rollBack(cdn, 'admin'), /runs its built-in build; nothing was promoted/);
  await assert.rejects(rollBack(cdn, 'crm'), /runs its built-in build/);
  assert.deepEqual(
    readManifest(cdn).remotes.admin.history.map((h) => h.action),
    ['promote', 'promote', 'promote', 'rollback', 'rollback', 'rollback'],
  );
});

test('a manifest written before the built-in version was recorded rolls its first promotion back to it', async () => {
  fs.writeFileSync(path.join(cdn, 'manifest.json'), JSON.stringify({ remotes: { crm: { live: 'c1', previous: [], history: [] } } }));
  assert.deepEqual(await rollBack(cdn, 'crm'), { restored: 'builtin' });
});

test('one remote’s promotion leaves the others alone', async () => {
  await setLive(cdn, 'crm', 'c1');
  await setLive(cdn, 'marketing', 'm1');
  await rollBack(cdn, 'crm');
  const { remotes } = readManifest(cdn);
  assert.equal(remotes.crm.live, 'builtin');
  assert.equal(remotes.marketing.live, 'm1');
});

test('no temp or lock file is left behind; a broken manifest is named, not overwritten', async () => {
  await setLive(cdn, 'crm', 'c1');
  assert.deepEqual(fs.readdirSync(cdn), ['manifest.json']);
  fs.writeFileSync(path.join(cdn, 'manifest.json'), '{"remotes":');
  await assert.rejects(setLive(cdn, 'crm', 'c2'), /manifest.json is not readable JSON/);
  assert.equal(fs.readFileSync(path.join(cdn, 'manifest.json'), 'utf8'), '{"remotes":');
});

/** Promotes `count` versions of `remote` in its own process, as two CI jobs would. */
function promoteInProcess(remote, count) {
  const script = `
    import { setLive } from ${JSON.stringify(new URL('../cdn-manifest.mjs', import.meta.url).href)};
    for (let i = 1; i <= ${count}; i++) await setLive(${JSON.stringify(cdn)}, ${JSON.stringify(remote)}, '${remote}-' + i);
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(stderr))));
  });
}

test('concurrent promotions of two remotes from two processes lose neither', async () => {
  const count = 25;
  await Promise.all([promoteInProcess('crm', count), promoteInProcess('marketing', count)]);
  const { remotes } = readManifest(cdn);
  for (const remote of ['crm', 'marketing']) {
    assert.equal(remotes[remote].live, `${remote}-${count}`);
    assert.equal(remotes[remote].history.length, count);
    assert.equal(remotes[remote].previous.length, count);
  }
});
