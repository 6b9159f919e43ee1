import crypto from 'node:crypto';

/**
 * Lifetime of an access token: one read by a script injected into the page is of use for minutes.
 * The browser renews it through the refresh cookie (refresh-cookie.ts) while the session lasts.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Lifetime of a sign-in from its login, however often it is refreshed: then the user signs in again. */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;

export interface AccessTokenClaims {
  /** Session id: the row that revocation (logout) marks. */
  sid: string;
  /** User id. */
  sub: string;
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(input: string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(input).digest('base64url');
}

/** A compact JWT (HS256). The signature proves we issued it; the session row says it is still valid. */
export function signAccessToken(claims: AccessTokenClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const input = `${HEADER}.${payload}`;
  return `${input}.${sign(input, secret)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The claims of a well-formed, correctly signed, unexpired token; otherwise null. */
export function verifyAccessToken(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): AccessTokenClaims | null {
  if (token.length > 2048) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts;
  if (header !== HEADER) return null;
  const expected = Buffer.from(sign(`${header}.${payload}`, secret));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) return null;
  let claims: Partial<AccessTokenClaims>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const { sid, sub, iat, exp } = claims;
  if (typeof sid !== 'string' || !UUID.test(sid) || typeof sub !== 'string' || !UUID.test(sub)) return null;
  if (typeof exp !== 'number' || typeof iat !== 'number' || exp <= nowSeconds) return null;
  return { sid, sub, iat, exp };
}

/** Reset and refresh tokens are random; only their hashes are stored. */
export function createOpaqueToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A refresh token as stored: keyed with the signing secret, so that changing AUTH_SECRET ends every sign-in, refresh cookies included. */
export function hashRefreshToken(token: string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(`refresh:${token}`).digest('hex');
}
