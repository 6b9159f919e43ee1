// Where releases live and which remotes can be released (the remotes declared in packages/shared).
import path from 'node:path';
import releaseControl from '@app/shared/build/release-control';
import releaseFilesModule from '@app/shared/build/release-files';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

export const { REMOTE_NAMES, VERSION_PATTERN, ReleaseError, assertRemote, assertVersion, releaseDir, RECORD_FILE, BUILTIN } = releaseControl;

/** CDN_DIR, as the server reads it: relative paths resolve against the working directory. */
export function cdnDir(env = process.env) {
  return env.CDN_DIR ? path.resolve(env.CDN_DIR) : path.join(REPO_ROOT, 'cdn');
}

/** Where versions are published, as the server reads them: the bucket with CDN_S3_BUCKET, else the CDN folder. */
export function releaseFiles(env = process.env) {
  return releaseFilesModule.releaseFiles(env, cdnDir(env));
}
