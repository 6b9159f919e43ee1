import { apiRequest } from '@app/shared';
import type { ReleaseFailure } from '@app/shared/contracts';
import { FAILURE_MESSAGE_MAX } from '@app/shared/contracts/constants';

/**
 * Where a failure happened: the browser could not fetch the entry or a chunk (load), or the remote's
 * code threw while its module ran (import). Fetch failures read alike in every browser; anything
 * else was thrown by the remote.
 */
export function failurePhase(error: unknown): 'load' | 'import' {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch|dynamically imported module|Importing a module script failed|error loading|ChunkLoadError|Loading (CSS )?chunk|NetworkError|Load failed/i.test(
    text,
  )
    ? 'load'
    : 'import';
}

/** Tells the server a version failed here: the message only (never a stack), cut to what it keeps. */
export function reportFailure(remote: string, version: string, phase: ReleaseFailure['phase'], error: unknown): void {
  const text = (error instanceof Error ? error.message : String(error)).trim() || 'No message';
  const body: ReleaseFailure = { version, phase, message: text.slice(0, FAILURE_MESSAGE_MAX) };
  // The page goes on with its fallback whatever the report's fate.
  apiRequest(`/releases/${encodeURIComponent(remote)}/failures`, { method: 'POST', body }).catch(() => undefined);
}
