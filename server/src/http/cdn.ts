import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/** The runtime manifest `pnpm promote` and `pnpm rollback` write in the CDN folder. */
export const CDN_MANIFEST_FILE = 'manifest.json';
export const CDN_PREFIX = '/cdn/';

/** Versions are folder names written by the release tool; anything else is not turned into a URL. */
const VERSION = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,63}$/;
const REMOTE = /^[A-Za-z_][\w-]*$/;

const cdnManifestSchema = z.object({
  remotes: z.record(z.string(), z.object({ live: z.string().nullable().optional() }).loose()),
});

/** The address of the mf-manifest.json of each remote's live version, for the remotes that have one. */
export function liveRemotes(manifest: unknown): Record<string, string> {
  const parsed = cdnManifestSchema.safeParse(manifest);
  if (!parsed.success) return {};
  const live: Record<string, string> = {};
  for (const [name, entry] of Object.entries(parsed.data.remotes)) {
    if (REMOTE.test(name) && entry.live && VERSION.test(entry.live)) live[name] = `${CDN_PREFIX}${name}/${entry.live}/mf-manifest.json`;
  }
  return live;
}

/** A versioned file (<remote>/<version>/…) never changes under its path; the manifest changes on every promotion. */
export function isVersionedCdnFile(relative: string): boolean {
  const [remote, version, ...rest] = relative.split('/');
  return rest.length > 0 && REMOTE.test(remote ?? '') && VERSION.test(version ?? '');
}

/**
 * The remotes the shell should load: the promoted version of each remote from the CDN manifest,
 * else the configured address. The manifest is looked at on every call and parsed again only when
 * it changed (a promotion replaces the file), so a promotion or rollback needs no restart.
 */
export function remotesResolver(cdnDir: string, configured: Record<string, string>, log: FastifyBaseLogger) {
  const file = path.join(cdnDir, CDN_MANIFEST_FILE);
  let seen = '';
  let current = JSON.stringify(configured);
  return (): string => {
    let stamp = 'none';
    try {
      const stat = fs.statSync(file);
      stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    } catch {
      // No manifest: nothing promoted yet.
    }
    if (stamp === seen) return current;
    let live: Record<string, string> = {};
    if (stamp !== 'none') {
      try {
        live = liveRemotes(JSON.parse(fs.readFileSync(file, 'utf8')));
      } catch (error) {
        // Keep serving what was live: a half-copied or hand-broken manifest must not take remotes down.
        log.warn({ err: error, file }, 'The CDN manifest is not readable JSON; keeping the remotes served so far.');
        return current;
      }
    }
    seen = stamp;
    current = JSON.stringify({ ...configured, ...live });
    return current;
  };
}
