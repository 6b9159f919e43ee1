// Which version of each remote is live, which is a canary and for whom: the release manifest, one row
// of the server's database (release_manifest), read and changed by `pnpm promote | rollback | releases`
// and by the server's Releases API alike, so both refuse and record the same things under one lock.
// The published versions themselves are files (release-files.cjs: the CDN folder or a bucket).
const fs = require('node:fs');
const path = require('node:path');
const remotes = require('../src/federation/remotes.json');
const rules = require('../src/contracts/release-manifest.json');
const { singletonMismatches, describeMismatches } = require('./shared-singletons.cjs');

/** The file the manifest was kept in, in the CDN folder, before the database: carried over once. */
const MANIFEST_FILE = rules.file;
const RECORD_FILE = 'release.json';
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

/**
 * The manifest file of a CDN folder from before the database kept it, to carry over: null when there
 * is none. A file that is not JSON is refused, not carried over as empty: its live versions would be lost.
 */
function readManifestFile(cdn) {
  let text;
  try {
    text = fs.readFileSync(path.join(cdn, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
  try {
    const manifest = JSON.parse(text);
    if (!isRecord(manifest) || (manifest.remotes !== undefined && !isRecord(manifest.remotes))) throw new Error('no "remotes" object');
    return { remotes: {}, ...manifest };
  } catch (error) {
    throw new ReleaseError(
      `The CDN folder's ${MANIFEST_FILE}, whose live versions are carried into the database once, is not a readable manifest (${error.message}); fix or remove it.`,
    );
  }
}

/** What databaseManifest carries over from a CDN folder: its manifest file, if it has one. */
function carryOverFrom(cdn) {
  return () => {
    const manifest = readManifestFile(cdn);
    return manifest ? { manifest, from: path.join(cdn, MANIFEST_FILE) } : null;
  };
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

const MANIFEST_SQL = {
  read: 'select remotes from release_manifest where id',
  /** The row, locked until the transaction ends: every instance and the command line take turns on it. */
  lock: 'select remotes from release_manifest where id for update',
  write: 'update release_manifest set remotes = $1::jsonb, updated_at = now() where id',
  /** The first to read or change the manifest makes its row, with what the CDN folder's file held. */
  create: 'insert into release_manifest (id, remotes, carried_over_from) values (true, $1::jsonb, $2) on conflict (id) do nothing',
};

/**
 * The manifest in the database, through any client: `transaction(work)` runs `work(query)` in one
 * transaction, `query(text, params)` answering rows. `carryOver()` gives the manifest of the CDN
 * folder's file (readManifestFile) and its name for the row made first, or null: nobody's live
 * version is lost when the manifest moves from the file into the database.
 * @returns {{ read(): Promise<Manifest>, update(change: (manifest: Manifest) => void): Promise<Manifest> }}
 */
function databaseManifest(transaction, carryOver = () => null) {
  const ensure = async (query) => {
    if ((await query(MANIFEST_SQL.read)).length > 0) return;
    const carried = carryOver();
    await query(MANIFEST_SQL.create, [JSON.stringify(carried?.manifest.remotes ?? {}), carried?.from ?? null]);
  };
  const asManifest = (rows) => ({ remotes: isRecord(rows[0]?.remotes) ? rows[0].remotes : {} });
  return {
    read: () =>
      transaction(async (query) => {
        const rows = await query(MANIFEST_SQL.read);
        if (rows.length > 0) return asManifest(rows);
        await ensure(query);
        return asManifest(await query(MANIFEST_SQL.read));
      }),
    /** Reads, changes and writes the manifest with its row locked, so two changes at once (of two remotes, from two instances) both land. */
    update: (change) =>
      transaction(async (query) => {
        await ensure(query);
        const manifest = asManifest(await query(MANIFEST_SQL.lock));
        change(manifest);
        await query(MANIFEST_SQL.write, [JSON.stringify(manifest.remotes)]);
        return manifest;
      }),
  };
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
async function setLive(manifestStore, remote, version, options = {}, now = new Date()) {
  // Refused before the lock, so a bad share never waits on another promotion.
  canaryTarget(options, null);
  let changed = false;
  await manifestStore.update((manifest) => {
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
async function rollBack(manifestStore, remote, now = new Date()) {
  const result = {};
  await manifestStore.update((manifest) => {
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

/** The record `pnpm release` wrote beside a published version (its commit, time, shared singletons, exposed modules). */
async function readRecord(files, remote, version) {
  assertRemote(remote);
  assertVersion(version);
  const record = await files.readRecord(remote, version);
  if (!record) throw new ReleaseError(`No release ${version} of ${remote}; \`pnpm releases ${remote}\` lists them.`, 'not-found');
  return record;
}

/**
 * Makes a published version (or the built-in build) live or a canary, unless its shared singletons
 * would break the shell's. `stores`: the manifest (databaseManifest) and the files (release-files.cjs).
 */
async function promote(stores, remote, version, options = {}, now = new Date()) {
  assertRemote(remote);
  if (version !== BUILTIN) {
    const record = await readRecord(stores.files, remote, version);
    const mismatches = singletonMismatches(record.shared ?? {});
    if (mismatches.length > 0) {
      throw new ReleaseError(
        `Refused: ${remote} ${version} was built against shared singletons the shell does not accept:\n  ${describeMismatches(mismatches).join('\n  ')}`,
      );
    }
  }
  return setLive(stores.manifest, remote, version, options, now);
}

async function rollback(stores, remote, now = new Date()) {
  assertRemote(remote);
  return rollBack(stores.manifest, remote, now);
}

/** The remote's state in the manifest: live, canary, the version a failure falls back to, history. */
async function remoteState(manifestStore, remote) {
  assertRemote(remote);
  const entry = entryOf(await manifestStore.read(), remote);
  return { ...entry, fallback: fallbackVersion(entry, false) };
}

/** The built-in build first, then the published versions oldest first, with which is live and which the canary. */
async function listReleases(stores, remote) {
  const state = await remoteState(stores.manifest, remote);
  // A version is where its record is (the folder or prefix named after it), as promotion reads it.
  const published = (await stores.files.published(remote))
    .filter(({ version, record }) => isVersion(version) && isRecord(record) && typeof record.publishedAt === 'string')
    .map(({ version, record }) => ({ version, commit: record.commit ?? null, publishedAt: record.publishedAt }))
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
  readManifestFile,
  carryOverFrom,
  databaseManifest,
  MANIFEST_SQL,
  setLive,
  rollBack,
  readRecord,
  promote,
  rollback,
  remoteState,
  listReleases,
};
