import { useSyncExternalStore } from 'react';
import type { SessionUser } from '../contracts/auth';

export const TOKEN_KEY = 'access_token';
export const USER_KEY = 'auth_user';
export const AUTH_CHANGE_EVENT = 'authChange';
export const SESSION_EXPIRED_EVENT = 'sessionExpired';

export interface Session {
  token: string | null;
  user: SessionUser | null;
  /** Queries run only when both token and user are present: a half-cleared session asks for nothing. */
  isAuthenticated: boolean;
}

/** Whether the user may work in the staff app (CRM, quotations, email, website messages): the staff flag or admin, as the server checks. */
export function hasStaffAccess(user: SessionUser | null): boolean {
  return Boolean(user && (user.is_staff || user.is_admin));
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
}

let snapshot: Session = load();
let snapshotKey = '';

function load(): Session {
  const token = read(TOKEN_KEY);
  const user = parseUser(read(USER_KEY));
  return { token, user, isAuthenticated: Boolean(token && user) };
}

export function getSession(): Session {
  const key = `${read(TOKEN_KEY)}|${read(USER_KEY)}`;
  if (key !== snapshotKey) {
    snapshotKey = key;
    snapshot = load();
  }
  return snapshot;
}

export function getToken(): string | null {
  return getSession().token;
}

function broadcast() {
  window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
}

export function setSession(token: string, user: SessionUser) {
  window.localStorage.setItem(TOKEN_KEY, token);
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
  broadcast();
}

let endedInThisPage = false;

/**
 * True once a session has ended (logout, expiry) since the page loaded: screens that guard
 * staff areas then leave the explaining to whoever ended it.
 */
export function sessionEndedInThisPage(): boolean {
  return endedInThisPage;
}

export function clearSession() {
  if (getSession().token) endedInThisPage = true;
  window.localStorage.removeItem(TOKEN_KEY);
  window.localStorage.removeItem(USER_KEY);
  broadcast();
}

export function subscribeSession(listener: () => void): () => void {
  // Other tabs change local storage too: their change arrives as a storage event.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) broadcast();
  };
  window.addEventListener(AUTH_CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(AUTH_CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
