// The runtime manifest of the CDN folder (manifest.json): which version of each remote is live,
// the ones it replaced (for rollback) and every promotion and rollback with its time.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ReleaseError } from './remotes.mjs';

export const MANIFEST_FILE = 'manifest.json';
const LOCK_FILE = '.manifest.lock';
/** A lock older than this was left by a process that died mid-update. */
const STALE_LOCK_MS = 30_000;
const LOCK_WAIT_MS = 20_000;

export function readManifest(cdn) {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(cdn, MANIFEST_FILE), 'utf8'));
    return { remotes: {}, ...manifest };
  } catch (error) {
    if (error.code === 'ENOENT') return { remotes: {} };
    throw new ReleaseError(`${path.join(cdn, MANIFEST_FILE)} is not readable JSON (${error.message}); fix or remove it.`);
  }
}

async function acquireLock(cdn) {
  const lock = path.join(cdn, LOCK_FILE);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lock, { force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    try {
      if (Date.now() - fs.statSync(lock).mtimeMs > STALE_LOCK_MS) fs.rmSync(lock, { force: true });
    } catch {
      // Released between our attempt and the stat: try again.
    }
    if (Date.now() > deadline) throw new ReleaseError(`${lock} is held by another promotion; try again, or remove it if no promotion is running.`);
    await sleep(5 + Math.random() * 20);
  }
}

/**
 * Reads, changes and writes the manifest under a lock, so two promotions at once (of two remotes)
 * both land; the new file replaces the old by rename, so a reader sees the old or the new, never half.
 * @param {string} cdn
 * @param {(manifest: { remotes: Record<string, RemoteEntry> }) => void} change
 */
export async function updateManifest(cdn, change) {
  fs.mkdirSync(cdn, { recursive: true });
  const release = await acquireLock(cdn);
  try {
    const manifest = readManifest(cdn);
    change(manifest);
    const target = path.join(cdn, MANIFEST_FILE);
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(temp, `${JSON.stringify(manifest, null, 2)}\n`);
    fs.renameSync(temp, target);
    return manifest;
  } finally {
    release();
  }
}

/** @typedef {{ live: string | null, previous: string[], history: { action: 'promote' | 'rollback', version: string, at: string }[] }} RemoteEntry */

function entryOf(manifest, remote) {
  manifest.remotes[remote] ??= { live: null, previous: [], history: [] };
  return manifest.remotes[remote];
}

export async function setLive(cdn, remote, version, now = new Date()) {
  let changed = false;
  await updateManifest(cdn, (manifest) => {
    const entry = entryOf(manifest, remote);
    if (entry.live === version) return;
    if (entry.live) entry.previous.push(entry.live);
    entry.live = version;
    entry.history.push({ action: 'promote', version, at: now.toISOString() });
    changed = true;
  });
  return changed;
}

/** Points the remote back at the version that was live before the current one. */
export async function rollBack(cdn, remote, now = new Date()) {
  let restored;
  await updateManifest(cdn, (manifest) => {
    const entry = entryOf(manifest, remote);
    if (!entry.live) throw new ReleaseError(`No version of ${remote} is live; nothing to roll back.`);
    if (entry.previous.length === 0) throw new ReleaseError(`${remote} ${entry.live} is the first version promoted; there is none before it to roll back to.`);
    restored = entry.previous.pop();
    entry.live = restored;
    entry.history.push({ action: 'rollback', version: restored, at: now.toISOString() });
  });
  return restored;
}
