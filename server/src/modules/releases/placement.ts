import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { BUILTIN, fallbackVersion, readReleases, type ManifestStore, type RemoteRelease } from '@app/shared/build/release-control';
import type { RemoteChoice, RemotesManifest } from '@app/shared/contracts';
import { CDN_PATH } from '../../config';
import type { RemotesAsker } from '../../http/static-files';

/*
 * Release placement: which version of each remote a user or visitor loads (the live one, or a
 * canary by share or by tenant), read from the release manifest at every page load.
 */

// The manifest is read the way the release CLI reads it (`pnpm promote | rollback | releases`): one reader.
export { readReleases, type RemoteRelease };

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

/** A signed-in user's place by their id and tenant; a visitor's by the bucket their cookie keeps. */
export function placementOf(asker: RemotesAsker): Placement {
  return 'user' in asker ? { bucket: userBucket(asker.user.id), tenantId: asker.user.tenantId } : { bucket: asker.visitorBucket, tenantId: null };
}

function entryOf(name: string, version: string, configured: Record<string, string>, cdnUrl: string): string | null {
  if (version === BUILTIN) return configured[name] ?? null;
  return `${cdnUrl}/${name}/${version}/mf-manifest.json`;
}

/**
 * The version of one remote this user loads, why, and the one to load if it fails. A published
 * version's entry is under `cdnUrl` (CDN_PUBLIC_URL: the bucket's address, or /cdn on this server).
 */
export function chooseVersion(
  name: string,
  release: RemoteRelease | undefined,
  configured: Record<string, string>,
  placement: Placement,
  cdnUrl: string = CDN_PATH,
): RemoteChoice | null {
  const live = release?.live ?? BUILTIN;
  const canary = release?.canary ?? null;
  let chosen = live;
  let reason: RemoteChoice['reason'] = 'live';
  if (canary && placement.tenantId !== null && canary.tenants.includes(placement.tenantId)) [chosen, reason] = [canary.version, 'tenant'];
  else if (canary?.percent && placement.bucket < canary.percent) [chosen, reason] = [canary.version, 'canary'];
  const entry = entryOf(name, chosen, configured, cdnUrl);
  if (!entry) return null;
  const fallback = fallbackVersion({ live, previous: release?.previous ?? [] }, reason !== 'live');
  const fallbackEntry = fallback && fallback !== chosen ? entryOf(name, fallback, configured, cdnUrl) : null;
  return { version: chosen, entry, reason, fallback: fallbackEntry ? { version: fallback!, entry: fallbackEntry } : null };
}

/** Every remote the shell may load, as this user sees them. */
export function remotesFor(
  releases: Record<string, RemoteRelease>,
  configured: Record<string, string>,
  placement: Placement,
  cdnUrl: string = CDN_PATH,
): RemotesManifest {
  const result: RemotesManifest = {};
  for (const name of new Set([...Object.keys(configured), ...Object.keys(releases)])) {
    const choice = chooseVersion(name, releases[name], configured, placement, cdnUrl);
    if (choice) result[name] = choice;
  }
  return result;
}

/**
 * The releases of the manifest in the database, read at every call, so a promotion or rollback made
 * through any instance or the command line is served on the next page load, with no restart. While
 * the manifest cannot be read (the database is away, or a CDN folder's manifest.json to carry over is
 * broken), the releases read last are served, and before any was read the built-in builds: the shell
 * keeps loading remotes.
 */
export function releasesReader(manifest: ManifestStore, log: FastifyBaseLogger) {
  let current: Record<string, RemoteRelease> = {};
  return async (): Promise<Record<string, RemoteRelease>> => {
    try {
      current = readReleases(await manifest.read());
    } catch (error) {
      log.warn({ err: error }, 'The release manifest cannot be read; serving the remote versions read last.');
    }
    return current;
  };
}

/**
 * /mf-remotes.json for whoever asks: each remote as their place gets it, from the manifest
 * (releaseStores: read as the system's, whoever asks) and the configured addresses (MF_REMOTES).
 */
export function remotesManifest(manifest: ManifestStore, options: { configured: Record<string, string>; cdnUrl: string; log: FastifyBaseLogger }) {
  const releases = releasesReader(manifest, options.log);
  return async (asker: RemotesAsker): Promise<RemotesManifest> => remotesFor(await releases(), options.configured, placementOf(asker), options.cdnUrl);
}
