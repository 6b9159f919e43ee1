// Where releases live and which remotes can be released (the remotes declared in packages/shared).
import path from 'node:path';
import releaseControl from '@app/shared/build/release-control';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

export const { REMOTE_NAMES, VERSION_PATTERN, ReleaseError, assertRemote, assertVersion, releaseDir, RECORD_FILE, BUILTIN } = releaseControl;

/** CDN_DIR, as the server reads it: relative paths resolve against the working directory. */
export function cdnDir(env = process.env) {
  return env.CDN_DIR ? path.resolve(env.CDN_DIR) : path.join(REPO_ROOT, 'cdn');
}
