import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * A client's link. The database keeps a random 128-bit nonce and the sha256 of the token; the
 * token itself is an HMAC of the nonce under the server's secret, so staff can be shown the same
 * link again while a copy of the database alone opens nothing.
 */
export function shareLinks(secret: string, publicOrigin: string | undefined) {
  const tokenOf = (nonce: string) => createHmac('sha256', secret).update(`quotation-link:${nonce}`).digest('base64url');
  return {
    newNonce: () => randomBytes(16).toString('base64url'),
    tokenOf,
    hashOf: (token: string) => createHash('sha256').update(token).digest('hex'),
    /** The link on PUBLIC_URL when set, else on the origin the staff member reached the server at. */
    urlOf: (nonce: string | null, requestOrigin: string) => (nonce ? `${publicOrigin ?? requestOrigin}/q/${tokenOf(nonce)}` : null),
  };
}
export type ShareLinks = ReturnType<typeof shareLinks>;

/** The link works until the end of valid_until, on the server's calendar. */
export function linkExpiresAt(validUntil: string): string {
  const [year, month, day] = validUntil.split('-').map(Number);
  return new Date(year, month - 1, day + 1).toISOString();
}
