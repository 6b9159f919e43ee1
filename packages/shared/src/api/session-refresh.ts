import type { LoginResponse } from '../contracts/auth';
import { getToken, setSession } from '../session/session-store';
import { API_BASE, ensureCsrfCookie, readCookie } from './csrf';

/** How long before its expiry a token is renewed: a request never leaves with one about to lapse. */
export const REFRESH_AHEAD_MS = 60_000;
/** One name for every tab of the site: two tabs spending one refresh cookie would read as a stolen copy. */
const LOCK_NAME = 'orbitra-session-refresh';

/** This browser's clock minus the server's, learned from the last refresh: a clock set wrong does not make every token look expired. */
let clockOffsetMs = 0;
let inFlight: Promise<string | null> | null = null;

function claimsOf(token: string): { iat: number; exp: number } | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (claims && typeof claims === 'object' && 'exp' in claims && 'iat' in claims && typeof claims.exp === 'number' && typeof claims.iat === 'number') {
      return { iat: claims.iat, exp: claims.exp };
    }
  } catch {
    // Not a token of ours: the server will say so.
  }
  return null;
}

/** Milliseconds until the token expires by the server's clock; null when it carries no expiry. */
export function tokenExpiresIn(token: string, now = Date.now()): number | null {
  const claims = claimsOf(token);
  return claims ? claims.exp * 1000 - (now - clockOffsetMs) : null;
}

function expiresSoon(token: string): boolean {
  const left = tokenExpiresIn(token);
  return left !== null && left <= REFRESH_AHEAD_MS;
}

async function renew(stale: string | null): Promise<string | null> {
  const current = getToken();
  if (!current) return null;
  // Another request or tab renewed it while this one waited: its token is in local storage already.
  if (current !== stale && !expiresSoon(current)) return current;
  await ensureCsrfCookie();
  const headers: Record<string, string> = { Accept: 'application/json' };
  const csrf = readCookie('csrftoken');
  if (csrf) headers['X-CSRFToken'] = csrf;
  const response = await fetch(`${API_BASE}/auth/refresh`, { method: 'POST', headers, credentials: 'same-origin' }).catch(() => null);
  if (!response?.ok) return null;
  const answer = (await response.json().catch(() => null)) as LoginResponse | null;
  // Signed out meanwhile (the logout button, another tab): stay signed out.
  if (!answer?.access_token || !getToken()) return null;
  const claims = claimsOf(answer.access_token);
  if (claims) clockOffsetMs = Date.now() - claims.iat * 1000;
  setSession(answer.access_token, answer.user);
  return answer.access_token;
}

/**
 * A new access token through the refresh cookie, or null when the session cannot be renewed.
 * Concurrent callers share one request; tabs take turns, and a tab that waited uses the token
 * the other one stored instead of spending the cookie again.
 */
export function refreshSession(stale: string | null): Promise<string | null> {
  if (!inFlight) {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    const run = locks ? locks.request(LOCK_NAME, () => renew(stale)) : renew(stale);
    inFlight = run.finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

/** The stored token, renewed first when it expires within REFRESH_AHEAD_MS; if renewing fails, the old one (the server has the last word). */
export async function freshToken(): Promise<string | null> {
  const token = getToken();
  if (!token || !expiresSoon(token)) return token;
  return (await refreshSession(token)) ?? token;
}
