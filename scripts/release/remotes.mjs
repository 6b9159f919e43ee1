// Where releases live and which remotes can be released (the remotes declared in packages/shared).
import path from 'node:path';
import remotes from '@app/shared/federation/remotes.json' with { type: 'json' };

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

export const REMOTE_NAMES = Object.keys(remotes);

/** CDN_DIR, as the server reads it: relative paths resolve against the working directory. */
export function cdnDir(env = process.env) {
  return env.CDN_DIR ? path.resolve(env.CDN_DIR) : path.join(REPO_ROOT, 'cdn');
}

/** A version becomes a folder name and a URL segment, so it may hold only these characters. */
export const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,63}$/;

export class ReleaseError extends Error {}

export function assertRemote(name) {
  if (!REMOTE_NAMES.includes(name)) {
    throw new ReleaseError(`Unknown remote "${name ?? ''}"; one of: ${REMOTE_NAMES.join(', ')}.`);
  }
}

export function assertVersion(version) {
  if (typeof version !== 'string' || !VERSION_PATTERN.test(version)) {
    throw new ReleaseError(`"${version ?? ''}" is not a usable version: letters, digits, dots, dashes, plus and underscores, at most 64.`);
  }
}

export function releaseDir(cdn, remote, version) {
  return path.join(cdn, remote, version);
}

export const RECORD_FILE = 'release.json';
