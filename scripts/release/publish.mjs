// Publishing a built remote into the CDN folder, and the release record that travels with it.
import fs from 'node:fs';
import path from 'node:path';
import remoteContract from '@app/shared/build/remote-contract';
import releaseControl from '@app/shared/build/release-control';
import { assertRemote, assertVersion, BUILTIN, RECORD_FILE, ReleaseError, releaseDir } from './remotes.mjs';

export const { remoteDir, resolvedSharedVersions } = remoteContract;

function builtExposes(dist) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
  } catch {
    throw new ReleaseError(`${dist} has no readable mf-manifest.json; is it a build of a remote?`);
  }
  return (manifest.exposes ?? []).map((expose) => expose.name ?? expose.path).sort();
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
  const exposes = builtExposes(dist);
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
