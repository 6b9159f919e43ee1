// Publishing a built remote into the CDN folder, and the release record that travels with it.
import fs from 'node:fs';
import path from 'node:path';
import remoteContract from '@app/shared/build/remote-contract';
import sharedSingletonsModule from '@app/shared/build/shared-singletons';
import { readManifest, rollBack, setLive } from './cdn-manifest.mjs';
import { assertRemote, assertVersion, RECORD_FILE, ReleaseError, releaseDir } from './remotes.mjs';

const { singletonMismatches, describeMismatches } = sharedSingletonsModule;
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

export function readRecord(cdn, remote, version) {
  assertRemote(remote);
  assertVersion(version);
  try {
    return JSON.parse(fs.readFileSync(path.join(releaseDir(cdn, remote, version), RECORD_FILE), 'utf8'));
  } catch {
    throw new ReleaseError(`No release ${version} of ${remote} in ${cdn}; \`pnpm releases ${remote}\` lists them.`);
  }
}

/** Makes a published version live, unless its shared singletons would break the shell's. */
export async function promote(cdn, remote, version) {
  const record = readRecord(cdn, remote, version);
  const mismatches = singletonMismatches(record.shared ?? {});
  if (mismatches.length > 0) {
    throw new ReleaseError(
      `Refused: ${remote} ${version} was built against shared singletons the shell does not accept:\n  ${describeMismatches(mismatches).join('\n  ')}`,
    );
  }
  return setLive(cdn, remote, version);
}

export async function rollback(cdn, remote) {
  assertRemote(remote);
  return rollBack(cdn, remote);
}

/** Published versions, oldest first, with which is live. */
export function listReleases(cdn, remote) {
  assertRemote(remote);
  const live = readManifest(cdn).remotes[remote]?.live ?? null;
  let names = [];
  try {
    names = fs.readdirSync(path.join(cdn, remote)).filter((name) => !name.startsWith('.'));
  } catch {
    // Nothing published yet.
  }
  return names
    .map((version) => {
      try {
        const record = JSON.parse(fs.readFileSync(path.join(releaseDir(cdn, remote, version), RECORD_FILE), 'utf8'));
        return { version, commit: record.commit, publishedAt: record.publishedAt, live: version === live };
      } catch {
        return null;
      }
    })
    .filter(Boolean)
    .sort((a, b) => a.publishedAt.localeCompare(b.publishedAt) || a.version.localeCompare(b.version));
}
