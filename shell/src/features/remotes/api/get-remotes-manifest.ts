import { freshToken } from '@app/shared';
import type { RemotesManifest } from '@app/shared/contracts';

/** Where the remotes live is read at run time, so a new remote version needs no shell rebuild. */
export const REMOTES_MANIFEST_URL = '/mf-remotes.json';

/** Each remote's version for this user, why, and the one to fall back to; answered afresh on every call. */
export async function getRemotesManifest(): Promise<RemotesManifest> {
  // Signed in, the user's id places them for canaries by share and their tenant for canaries by tenant;
  // a token about to lapse is renewed first, or the user would be placed as a visitor.
  const token = await freshToken();
  const response = await fetch(REMOTES_MANIFEST_URL, { cache: 'no-store', headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`Remotes manifest answered ${response.status}`);
  return (await response.json()) as RemotesManifest;
}
