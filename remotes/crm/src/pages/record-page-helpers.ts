import { ApiError } from '@app/shared';

/** The server answers a record the user may not see like one that does not exist (404); a malformed id is 400. */
export function isMissingRecord(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
