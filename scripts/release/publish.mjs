// Publishing a built remote to the CDN folder or the bucket, and the release record that travels with it.
import fs from 'node:fs';
import path from 'node:path';
import remoteContract from '@app/shared/build/remote-contract';
import releaseControl from '@app/shared/build/release-control';
import { assertRemote, assertVersion, BUILTIN, ReleaseError } from './remotes.mjs';

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

/**
 * Publishes a built remote as <remote>/<version>/ in `files` (the CDN folder or the bucket, release-files.cjs)
 * with its release record, written last: the version appears whole or not at all, and never over one
 * that exists.
 */
export async function publish({ files, remote, version, dist, commit, now = new Date(), shared = resolvedSharedVersions(remote) }) {
  assertRemote(remote);
  assertVersion(version);
  if (version === BUILTIN) throw new ReleaseError(`"${BUILTIN}" names the build the server carries; give the release another version.`);
  await files.assertUnpublished(remote, version);
  const exposes = builtExposes(remote, dist);
  const record = { remote, version, commit, publishedAt: now.toISOString(), shared, exposes };
  await files.put(remote, version, dist, record);
  return record;
}

export const { readRecord, promote, rollback, listReleases, remoteState } = releaseControl;
