import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  BUILTIN,
  MANIFEST_FILE,
  REMOTE_NAME_PATTERN,
  VERSION_PATTERN,
  fallbackVersion,
  readReleases,
  type RemoteRelease,
} from '@app/shared/build/release-control';
import type { RemoteChoice, RemotesManifest } from '@app/shared/contracts';

// The manifest is read the way the release CLI reads it (`pnpm promote | rollback | releases`): one reader.
export { readReleases, type RemoteRelease };

export const CDN_PREFIX = '/cdn/';

/** Where the user stands for every canary: 0 ≤ bucket < 100; a canary at N% goes to buckets below N. */
export interface Placement {
  bucket: number;
  tenantId: string | null;
}

/**
 * A signed-in user's bucket, from their id alone: the same user lands on the same side at every
 * request and instance, and raising the share only adds users (buckets below the old share stay below).
 */
export function userBucket(userId: string): number {
  return (crypto.createHash('sha256').update(userId).digest().readUInt32BE(0) / 2 ** 32) * 100;
}

function entryOf(name: string, version: string, configured: Record<string, string>): string | null {
  if (version === BUILTIN) return configured[name] ?? null;
  return `${CDN_PREFIX}${name}/${version}/mf-manifest.json`;
}

/** The version of one remote this user loads, why, and the one to load if it fails. */
export function chooseVersion(name: string, release: RemoteRelease | undefined, configured: Record<string, string>, placement: Placement): RemoteChoice | null {
  const live = release?.live ?? BUILTIN;
  const canary = release?.canary ?? null;
  let chosen = live;
  let reason: RemoteChoice['reason'] = 'live';
  if (canary && placement.tenantId !== null && canary.tenants.includes(placement.tenantId)) [chosen, reason] = [canary.version, 'tenant'];
  else if (canary?.percent && placement.bucket < canary.percent) [chosen, reason] = [canary.version, 'canary'];
  const entry = entryOf(name, chosen, configured);
  if (!entry) return null;
  const fallback = fallbackVersion({ live, previous: release?.previous ?? [] }, reason !== 'live');
  const fallbackEntry = fallback && fallback !== chosen ? entryOf(name, fallback, configured) : null;
  return { version: chosen, entry, reason, fallback: fallbackEntry ? { version: fallback!, entry: fallbackEntry } : null };
}

/** Every remote the shell may load, as this user sees them. */
export function remotesFor(releases: Record<string, RemoteRelease>, configured: Record<string, string>, placement: Placement): RemotesManifest {
  const result: RemotesManifest = {};
  for (const name of new Set([...Object.keys(configured), ...Object.keys(releases)])) {
    const choice = chooseVersion(name, releases[name], configured, placement);
    if (choice) result[name] = choice;
  }
  return result;
}

/** A versioned file (<remote>/<version>/…) never changes under its path; the manifest changes on every promotion. */
export function isVersionedCdnFile(relative: string): boolean {
  const [remote, version, ...rest] = relative.split('/');
  return rest.length > 0 && REMOTE_NAME_PATTERN.test(remote ?? '') && VERSION_PATTERN.test(version ?? '');
}

/**
 * The releases of the CDN manifest. The file is looked at on every call and parsed again only when
 * it changed (a promotion replaces the file), so a promotion or rollback needs no restart.
 */
export function releasesReader(cdnDir: string, log: FastifyBaseLogger) {
  const file = path.join(cdnDir, MANIFEST_FILE);
  let seen = '';
  let current: Record<string, RemoteRelease> = {};
  return (): Record<string, RemoteRelease> => {
    let stamp = 'none';
    try {
      const stat = fs.statSync(file);
      stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    } catch {
      // No manifest: nothing promoted yet.
    }
    if (stamp === seen) return current;
    let releases: Record<string, RemoteRelease> = {};
    if (stamp !== 'none') {
      try {
        releases = readReleases(JSON.parse(fs.readFileSync(file, 'utf8')));
      } catch (error) {
        // Keep serving what was live: a half-copied or hand-broken manifest must not take remotes down.
        log.warn({ err: error, file }, 'The CDN manifest is not readable JSON; keeping the remotes served so far.');
        return current;
      }
    }
    seen = stamp;
    current = releases;
    return current;
  };
}
