// Which version of each remote is live, which is a canary and for whom: the runtime manifest of the
// CDN folder (manifest.json), read and changed by `pnpm promote | rollback | releases` and by the
// server's Releases API alike, so both refuse and record the same things.
const fs = require('node:fs');
const path = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const remotes = require('../src/federation/remotes.json');
const rules = require('../src/contracts/release-manifest.json');
const { singletonMismatches, describeMismatches } = require('./shared-singletons.cjs');

const MANIFEST_FILE = rules.file;
const RECORD_FILE = 'release.json';
const LOCK_FILE = '.manifest.lock';
/** A lock older than this was left by a process that died mid-update. */
const STALE_LOCK_MS = 30_000;
const LOCK_WAIT_MS = 20_000;
/** The build the server serves at /remotes/<name>/ (or MF_REMOTES names): what runs before any promotion. */
const BUILTIN = rules.builtin;
const REMOTE_NAMES = Object.keys(remotes);
/** A version becomes a folder name and a URL segment, so it may hold only these characters. */
const VERSION_PATTERN = new RegExp(rules.versionPattern);
/** A remote's name in a URL (/cdn/<remote>/…); the CLI knows the names, the manifest may hold others. */
const REMOTE_NAME_PATTERN = new RegExp(rules.remoteNamePattern);

/** `reason` tells the API which status to answer: not-found 404, bad-input 400, conflict 409. */
class ReleaseError extends Error {
  constructor(message, reason = 'conflict') {
    super(message);
    this.reason = reason;
  }
}

function assertRemote(name) {
  if (!REMOTE_NAMES.includes(name)) {
    throw new ReleaseError(`Unknown remote "${name ?? ''}"; one of: ${REMOTE_NAMES.join(', ')}.`, 'not-found');
  }
}

function assertVersion(version) {
  if (typeof version !== 'string' || !VERSION_PATTERN.test(version)) {
    throw new ReleaseError(`"${version ?? ''}" is not a usable version: letters, digits, dots, dashes, plus and underscores, at most 64.`, 'not-found');
  }
}

function releaseDir(cdn, remote, version) {
  return path.join(cdn, remote, version);
}

function readManifest(cdn) {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(cdn, MANIFEST_FILE), 'utf8'));
    return { remotes: {}, ...manifest };
  } catch (error) {
    if (error.code === 'ENOENT') return { remotes: {} };
    throw new ReleaseError(`${path.join(cdn, MANIFEST_FILE)} is not readable JSON (${error.message}); fix or remove it.`);
  }
}

const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isVersion = (value) => typeof value === 'string' && VERSION_PATTERN.test(value);

function servedCanary(canary) {
  if (!isRecord(canary) || !isVersion(canary.version)) return null;
  const { percent, tenants } = canary;
  if (percent !== null && !(Number.isInteger(percent) && percent >= 1 && percent <= 99)) return null;
  if (!Array.isArray(tenants) || !tenants.every((id) => typeof id === 'string')) return null;
  return { version: canary.version, percent, tenants: [...tenants] };
}

/**
 * The releases a manifest says to serve, for the server's answers: only well-formed remote names and
 * versions become URLs; a bad live version reads as the built-in build, a bad list of previous
 * versions as none, a bad canary as no canary. A manifest of another shape serves nothing promoted.
 */
function readReleases(manifest) {
  if (!isRecord(manifest) || !isRecord(manifest.remotes)) return {};
  const entries = Object.entries(manifest.remotes);
  if (!entries.every(([, entry]) => isRecord(entry))) return {};
  const releases = {};
  for (const [name, entry] of entries) {
    if (!REMOTE_NAME_PATTERN.test(name)) continue;
    releases[name] = {
      live: isVersion(entry.live) ? entry.live : BUILTIN,
      previous: Array.isArray(entry.previous) && entry.previous.every(isVersion) ? [...entry.previous] : [],
      canary: servedCanary(entry.canary),
    };
  }
  return releases;
}

/**
 * The version a user's browser falls back to when theirs fails to load: a canary's users fall back
 * to the live version; everyone else to the version live before the current one (the built-in build
 * before any promotion), and to none while the built-in build is live.
 */
function fallbackVersion(release, onCanary) {
  if (onCanary) return release.live;
  return release.previous.at(-1) ?? (release.live === BUILTIN ? null : BUILTIN);
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
 */
async function updateManifest(cdn, change) {
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

/** A remote's entry; manifests written before canaries and the built-in version read the same way. */
function entryOf(manifest, remote) {
  const entry = (manifest.remotes[remote] ??= {});
  entry.live ??= BUILTIN;
  entry.previous ??= [];
  entry.canary ??= null;
  entry.history ??= [];
  return entry;
}

/**
 * The shares and tenants a canary is for; a share outside 1–99 or an empty tenant id is refused.
 * A share or a tenant list left out (undefined) of a change to the running canary of the same version
 * keeps the canary's own, so widening a canary by share keeps its tenants and the reverse; null and []
 * say "none". With neither share nor tenants the version is promoted to everyone (null).
 */
function canaryTarget(options, running) {
  const oneGiven = (options.percent === undefined) !== (options.tenants === undefined);
  const keep = oneGiven ? running : null;
  const percent = options.percent !== undefined ? options.percent : (keep?.percent ?? null);
  const tenants = [...new Set(options.tenants !== undefined ? options.tenants : (keep?.tenants ?? []))];
  if (percent !== null && !(Number.isInteger(percent) && percent >= 1 && percent <= 99)) {
    throw new ReleaseError(`A canary's share is a whole percentage from 1 to 99, not "${percent}".`, 'bad-input');
  }
  if (tenants.some((id) => typeof id !== 'string' || !id.trim())) {
    throw new ReleaseError('A canary names tenants by their ids.', 'bad-input');
  }
  return percent === null && tenants.length === 0 ? null : { percent, tenants };
}

/**
 * Makes a version live for everyone (ending any canary), or, with a share or tenants, a canary beside
 * the live version. Returns whether the manifest changed.
 */
async function setLive(cdn, remote, version, options = {}, now = new Date()) {
  // Refused before the lock, so a bad share never waits on another promotion.
  canaryTarget(options, null);
  let changed = false;
  await updateManifest(cdn, (manifest) => {
    const entry = entryOf(manifest, remote);
    const at = now.toISOString();
    const target = canaryTarget(options, entry.canary?.version === version ? entry.canary : null);
    if (target) {
      if (entry.live === version) throw new ReleaseError(`${remote} ${version} is already live for everyone; a canary is a version that is not.`);
      const same = entry.canary && entry.canary.version === version && entry.canary.percent === target.percent;
      if (same && JSON.stringify([...entry.canary.tenants].sort()) === JSON.stringify([...target.tenants].sort())) return;
      entry.canary = { version, ...target, since: entry.canary?.version === version ? entry.canary.since : at };
      entry.history.push({ action: 'canary', version, percent: target.percent, tenants: target.tenants, at });
      changed = true;
      return;
    }
    if (entry.live === version && !entry.canary) return;
    if (entry.live !== version) {
      entry.previous.push(entry.live);
      entry.live = version;
    }
    entry.canary = null;
    entry.history.push({ action: 'promote', version, at });
    changed = true;
  });
  return changed;
}

/**
 * Ends the canary when there is one; otherwise points the remote back at the version live before
 * the current one, and before the first promotion that is the built-in build.
 * @returns {{ ended?: string, restored?: string }}
 */
async function rollBack(cdn, remote, now = new Date()) {
  const result = {};
  await updateManifest(cdn, (manifest) => {
    const entry = entryOf(manifest, remote);
    const at = now.toISOString();
    if (entry.canary) {
      result.ended = entry.canary.version;
      entry.history.push({ action: 'end-canary', version: entry.canary.version, at });
      entry.canary = null;
      return;
    }
    if (entry.live === BUILTIN && entry.previous.length === 0) {
      throw new ReleaseError(`${remote} runs its built-in build; nothing was promoted, so there is nothing to roll back.`);
    }
    const restored = entry.previous.pop() ?? BUILTIN;
    entry.live = restored;
    entry.history.push({ action: 'rollback', version: restored, at });
    result.restored = restored;
  });
  return result;
}

function readRecord(cdn, remote, version) {
  assertRemote(remote);
  assertVersion(version);
  try {
    return JSON.parse(fs.readFileSync(path.join(releaseDir(cdn, remote, version), RECORD_FILE), 'utf8'));
  } catch {
    throw new ReleaseError(`No release ${version} of ${remote}; \`pnpm releases ${remote}\` lists them.`, 'not-found');
  }
}

/** Makes a published version (or the built-in build) live or a canary, unless its shared singletons would break the shell's. */
async function promote(cdn, remote, version, options = {}, now = new Date()) {
  assertRemote(remote);
  if (version !== BUILTIN) {
    const record = readRecord(cdn, remote, version);
    const mismatches = singletonMismatches(record.shared ?? {});
    if (mismatches.length > 0) {
      throw new ReleaseError(
        `Refused: ${remote} ${version} was built against shared singletons the shell does not accept:\n  ${describeMismatches(mismatches).join('\n  ')}`,
      );
    }
  }
  return setLive(cdn, remote, version, options, now);
}

async function rollback(cdn, remote, now = new Date()) {
  assertRemote(remote);
  return rollBack(cdn, remote, now);
}

/** The remote's state in the manifest: live, canary, the version a failure falls back to, history. */
function remoteState(cdn, remote) {
  assertRemote(remote);
  const entry = entryOf(readManifest(cdn), remote);
  return { ...entry, fallback: fallbackVersion(entry, false) };
}

/** The built-in build first, then the published versions oldest first, with which is live and which the canary. */
function listReleases(cdn, remote) {
  const state = remoteState(cdn, remote);
  let names = [];
  try {
    names = fs.readdirSync(path.join(cdn, remote)).filter((name) => !name.startsWith('.'));
  } catch {
    // Nothing published yet.
  }
  const published = names
    .map((version) => {
      try {
        const record = JSON.parse(fs.readFileSync(path.join(releaseDir(cdn, remote, version), RECORD_FILE), 'utf8'));
        return { version, commit: record.commit, publishedAt: record.publishedAt };
      } catch {
        return null;
      }
    })
    .filter(Boolean)
    .sort((a, b) => a.publishedAt.localeCompare(b.publishedAt) || a.version.localeCompare(b.version));
  return [{ version: BUILTIN, commit: null, publishedAt: null }, ...published].map((r) => ({
    ...r,
    live: r.version === state.live,
    canary: state.canary?.version === r.version ? state.canary : null,
  }));
}

module.exports = {
  BUILTIN,
  MANIFEST_FILE,
  RECORD_FILE,
  REMOTE_NAMES,
  REMOTE_NAME_PATTERN,
  VERSION_PATTERN,
  readReleases,
  fallbackVersion,
  ReleaseError,
  assertRemote,
  assertVersion,
  releaseDir,
  readManifest,
  updateManifest,
  setLive,
  rollBack,
  readRecord,
  promote,
  rollback,
  remoteState,
  listReleases,
};
