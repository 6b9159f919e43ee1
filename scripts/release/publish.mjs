// Publishing a built remote into the CDN folder, and the release record that travels with it.
import fs from 'node:fs';
import path from 'node:path';
import remoteContract from '@app/shared/build/remote-contract';
import releaseControl from '@app/shared/build/release-control';
import { assertRemote, assertVersion, BUILTIN, RECORD_FILE, ReleaseError, releaseDir } from './remotes.mjs';

export const { remoteDir, resolvedSharedVersions } = remoteContract;

/**
 * The modules a build exposes, each with its entry beside mf-manifest.json (`./home` → home.js), which
 * is the file the shell imports: a build whose manifest names a page it does not hold would fail in
 * every browser sent to it, so it is refused before anything is copied.
 */
function builtExposes(remote, dist) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
  } catch {
    throw new ReleaseError(`${dist} has no readable mf-manifest.json; is it a build of a remote?`);
  }
  const names = (Array.isArray(manifest.exposes) ? manifest.exposes : []).map((expose) => expose?.name ?? expose?.path);
  if (names.length === 0) throw new ReleaseError(`${dist}/mf-manifest.json exposes no page of ${remote}; nothing was published.`);
  const entryOf = (name) => (typeof name === 'string' ? `${name.replace(/^\.\//, '')}.js` : null);
  const missing = names.filter((name) => {
    const entry = entryOf(name) && path.resolve(dist, entryOf(name));
    if (!entry || path.relative(path.resolve(dist), entry).startsWith('..')) return true;
    try {
      return !fs.statSync(entry).isFile();
    } catch {
      return true;
    }
  });
  if (missing.length > 0) {
    const files = missing.map((name) => entryOf(name) ?? String(name));
    throw new ReleaseError(
      `${dist} is not a whole build of ${remote}: its mf-manifest.json exposes ${missing.map(String).join(', ')}, but ${files.join(', ')} ${
        files.length === 1 ? 'is' : 'are'
      } not in the build; nothing was published.`,
    );
  }
  return names.sort();
}

export function assertUnpublished(cdn, remote, version) {
  if (fs.existsSync(releaseDir(cdn, remote, version))) {
    throw new ReleaseError(
      `${remote} ${version} is already published in ${releaseDir(cdn, remote, version)}; published versions are never overwritten. Release a new commit or pass another --version.`,
    );
  }
}

/**
 * Copies a built remote to <cdn>/<remote>/<version>/ with its release record. The copy is made in a
 * hidden folder and renamed into place, so the version appears whole or not at all.
 */
export function publish({ cdn, remote, version, dist, commit, now = new Date(), shared = resolvedSharedVersions(remote) }) {
  assertRemote(remote);
  assertVersion(version);
  if (version === BUILTIN) throw new ReleaseError(`"${BUILTIN}" names the build the server carries; give the release another version.`);
  assertUnpublished(cdn, remote, version);
  const exposes = builtExposes(remote, dist);
  const record = { remote, version, commit, publishedAt: now.toISOString(), shared, exposes };
  const staging = path.join(cdn, remote, `.staging-${version}-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(staging), { recursive: true });
  fs.cpSync(dist, staging, { recursive: true });
  fs.writeFileSync(path.join(staging, RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`);
  try {
    assertUnpublished(cdn, remote, version);
    fs.renameSync(staging, releaseDir(cdn, remote, version));
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return record;
}

export const { readRecord, promote, rollback, listReleases, remoteState } = releaseControl;
