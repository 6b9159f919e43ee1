import crypto from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

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

const ALGORITHM = 'HS256';
/** A signed token longer than this is not one of ours: refused before any work. */
const MAX_TOKEN_LENGTH = 2048;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** A compact JWT (HS256). The signature proves we issued it; the session row says it is still valid. */
export function signAccessToken(claims: AccessTokenClaims, secret: string): Promise<string> {
  const { sid, sub, iat, exp } = claims;
  return new SignJWT({ sid }).setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' }).setSubject(sub).setIssuedAt(iat).setExpirationTime(exp).sign(keyOf(secret));
}

/** The claims of a well-formed, correctly signed, unexpired token; otherwise null. */
export async function verifyAccessToken(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<AccessTokenClaims | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      typ: 'JWT',
      currentDate: new Date(nowSeconds * 1000),
      requiredClaims: ['sid', 'sub', 'iat', 'exp'],
    }));
  } catch {
    // Malformed, signed with another key, another algorithm, or expired: all the same to the caller.
    return null;
  }
  const { sid, sub, iat, exp } = payload;
  if (typeof sid !== 'string' || !UUID.test(sid) || typeof sub !== 'string' || !UUID.test(sub)) return null;
  if (typeof iat !== 'number' || typeof exp !== 'number') return null;
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
