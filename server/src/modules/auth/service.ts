import { WRONG_CURRENT_PASSWORD, type AuditAction, type LoginResponse, type SessionUser } from '@app/shared/contracts';
import type { DbOrTx } from '../../db/client';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/refusal';
import type { Database, ScopedDb, ScopedTx } from '../../tenancy/database';
import type { Mailer } from '../../mail/mailer';
import { outboxRepository } from '../../mail/outbox-repository';
import { auditRepository, type AuditActor } from '../audit';
import { usersRepository, toSessionUser, burnPasswordCheck, hashPassword, verifyPassword } from '../users';
import type { AuthUser } from './authenticate';
import type { FailureLimiter } from './login-limiter';
import type { ResetRequestLimiter } from './reset-limiter';
import type { SessionCache } from './session-cache';
import { passwordResetsRepository, refreshTokensRepository, sessionsRepository, type SessionRecord } from './repository';
import { ACCESS_TOKEN_TTL_SECONDS, createOpaqueToken, hashOpaqueToken, hashRefreshToken, SESSION_TTL_SECONDS, signAccessToken } from './tokens';

export const INVALID_CREDENTIALS_DETAIL = 'Invalid email or password.';
export const INVALID_RESET_TOKEN_DETAIL = 'This password reset link is invalid or has expired. Please request a new one.';
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const SESSION_ENDED_DETAIL = 'Your session has ended. Please sign in again.';
export const REFRESH_REUSED_DETAIL = 'This sign-in was renewed elsewhere with the same refresh token, so it has been ended. Please sign in again.';
/** Refresh tokens are 43 characters; anything much longer is not one of ours. */
const REFRESH_TOKEN_MAX_LENGTH = 200;

/** A signed-in answer and the refresh token that goes with it (into the HttpOnly cookie, never the body). */
export interface SignedIn {
  answer: LoginResponse;
  refresh: { token: string; expiresAt: Date };
}

export interface AuthServiceOptions {
  /** Sign-in, refresh and password resets run for no signed-in user yet: each on the system's handle, named. */
  database: Database;
  secret: string;
  mailer: Mailer;
  accountLimiter: FailureLimiter;
  resetLimiter: ResetRequestLimiter;
  /** Verified sessions of this process; dropped here when a session or user changes. */
  sessionCache?: SessionCache;
  /** The time tokens and sessions are measured against (tests move it). Default: the system clock. */
  clock?: () => Date;
}

/** Why a sign-in failed, for the trail's reader; the caller is told only "invalid". */
function failureReason(user: { isActive: boolean } | undefined, valid: boolean): string {
  if (!user) return 'unknown account';
  if (!valid) return 'wrong password';
  return 'inactive account';
}

function minutes(ms: number): string {
  const n = Math.max(1, Math.ceil(ms / 60_000));
  return n === 1 ? '1 minute' : `${n} minutes`;
}

function lockedDetail(waitMs: number): string {
  return `Too many failed login attempts for this account from your address. Please try again in ${minutes(waitMs)}.`;
}

/** An event of the signed-in user's own account, named by their email. */
function auditOwnAccount(db: DbOrTx, actor: AuditActor, user: AuthUser, action: AuditAction, details: Record<string, unknown>) {
  return auditRepository(db).record(actor, {
    tenantId: user.tenantId,
    action,
    targetType: 'user',
    targetId: user.id,
    targetName: user.email,
    details: { email: user.email, ...details },
  });
}

export function authService(options: AuthServiceOptions) {
  const { database, secret, mailer, accountLimiter, resetLimiter, sessionCache } = options;
  const clock = options.clock ?? (() => new Date());

  /** A new access token for the session (never outliving it) and the session's next refresh token, issued in `tx`. */
  async function renew(tx: ScopedTx, session: SessionRecord, sessionExpiresAt: Date, now: Date): Promise<SignedIn> {
    const iat = Math.floor(now.getTime() / 1000);
    const exp = Math.min(iat + ACCESS_TOKEN_TTL_SECONDS, Math.floor(sessionExpiresAt.getTime() / 1000));
    const refresh = createOpaqueToken();
    await refreshTokensRepository(tx).issue(session.sessionId, hashRefreshToken(refresh.token, secret));
    return {
      answer: {
        access_token: await signAccessToken({ sid: session.sessionId, sub: session.user.id, iat, exp }, secret),
        user: toSessionUser(session.user, session.groupNames, session.teamId),
      },
      refresh: { token: refresh.token, expiresAt: sessionExpiresAt },
    };
  }

  return {
    /** Every sign-in and failed sign-in is written to the audit trail, with the email tried (never the password). */
    async login(email: string, password: string, clientIp: string | null): Promise<SignedIn> {
      const wait = await accountLimiter.attempt(email, clientIp);
      if (wait > 0) throw tooManyRequests(lockedDetail(wait));

      // Who is signing in is not known until the password is checked.
      const db = database.asSystem('sign-in');
      const user = await usersRepository(db).findByEmail(email);
      const valid = user ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
      if (!user || !valid || !user.isActive) {
        await auditRepository(db).record(
          { userId: user?.id ?? null, email, clientIp },
          {
            action: 'auth.sign_in_failed',
            targetType: 'user',
            targetId: user?.id ?? email,
            targetName: email,
            details: { email, reason: failureReason(user, valid) },
          },
        );
        throw unauthorized(INVALID_CREDENTIALS_DETAIL);
      }
      await accountLimiter.succeeded(email, clientIp);

      const now = clock();
      const sessionExpiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
      return db.transaction(async (tx) => {
        const sessions = sessionsRepository(tx);
        const sessionId = await sessions.create(user.id, sessionExpiresAt);
        await auditRepository(tx).record(
          { userId: user.id, email: user.email, clientIp },
          { tenantId: user.tenantId, action: 'auth.signed_in', targetType: 'user', targetId: user.id, targetName: user.email, details: { email: user.email } },
        );
        // The new session as every request will read it: groups and team with the user.
        const session = await sessions.findActive(sessionId, user.id, now);
        if (!session) throw unauthorized(INVALID_CREDENTIALS_DETAIL);
        return renew(tx, session, sessionExpiresAt, now);
      });
    },

    /**
     * Spends a refresh token for a new access token and the next refresh token. A token spent before
     * ends its whole session at once (its access tokens and refresh tokens): only a copy can be presented twice.
     */
    async refresh(token: string | undefined, clientIp: string | null): Promise<SignedIn> {
      if (!token || token.length > REFRESH_TOKEN_MAX_LENGTH) throw unauthorized(SESSION_ENDED_DETAIL);
      const now = clock();
      // The token names the session; nobody is signed in until it is spent.
      const outcome = await database.asSystem('session refresh').transaction(async (tx) => {
        const spent = await refreshTokensRepository(tx).spend(hashRefreshToken(token, secret), now);
        if (spent.kind === 'unknown') return null;
        if (spent.kind === 'reused') {
          await sessionsRepository(tx).revoke(spent.sessionId, now);
          await auditRepository(tx).record(
            { userId: spent.userId, email: spent.email, clientIp },
            {
              tenantId: spent.tenantId,
              action: 'auth.session_revoked',
              targetType: 'user',
              targetId: spent.userId,
              targetName: spent.email,
              details: { reason: 'refresh token reused', session_id: spent.sessionId },
            },
          );
          return spent;
        }
        const session = await sessionsRepository(tx).findActive(spent.sessionId, spent.userId, now);
        return session ? renew(tx, session, spent.sessionExpiresAt, now) : null;
      });
      if (outcome && 'kind' in outcome) {
        sessionCache?.forgetSession(outcome.sessionId);
        throw unauthorized(REFRESH_REUSED_DETAIL);
      }
      if (!outcome) throw unauthorized(SESSION_ENDED_DETAIL);
      return outcome;
    },

    me(user: AuthUser): SessionUser {
      return toSessionUser(user, user.groups, user.teamId);
    },

    /** Ends the session: its access tokens and its refresh token stop working at once. */
    async logout(db: ScopedDb, actor: AuditActor, user: AuthUser, sessionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await sessionsRepository(tx).revoke(sessionId, clock());
        await auditRepository(tx).record(actor, {
          tenantId: user.tenantId,
          action: 'auth.signed_out',
          targetType: 'user',
          targetId: user.id,
          targetName: user.email,
          details: { email: user.email },
        });
      });
      sessionCache?.forgetSession(sessionId);
    },

    /** Ends every session of the user, this one included: every access token and refresh token stops working at once. */
    async logoutEverywhere(db: ScopedDb, actor: AuditActor, user: AuthUser): Promise<void> {
      await db.transaction(async (tx) => {
        const ended = await sessionsRepository(tx).revokeAllOfUser(user.id, undefined, clock());
        await auditOwnAccount(tx, actor, user, 'auth.signed_out_everywhere', { sessions_ended: ended });
      });
      sessionCache?.forgetUser(user.id);
    },

    /**
     * The signed-in user's new password, given the current one. Every other session ends (whoever
     * knew the old password is signed out); this one goes on. Wrong current passwords count as failed
     * logins, so a borrowed session cannot be used to guess the password.
     */
    async changePassword(db: ScopedDb, actor: AuditActor, user: AuthUser, sessionId: string, currentPassword: string, newPassword: string): Promise<void> {
      const wait = await accountLimiter.attempt(user.email, actor.clientIp);
      if (wait > 0) throw tooManyRequests(lockedDetail(wait));
      const stored = await usersRepository(db).findById(user.id);
      if (!stored || !(await verifyPassword(stored.passwordHash, currentPassword))) {
        await auditOwnAccount(db, actor, user, 'auth.sign_in_failed', { reason: 'wrong current password in a password change' });
        throw badRequest(WRONG_CURRENT_PASSWORD);
      }
      await accountLimiter.succeeded(user.email, actor.clientIp);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await usersRepository(tx).update(user.id, { passwordHash });
        // A reset link mailed earlier would set a password the user no longer chose.
        await passwordResetsRepository(tx).invalidateAllOfUser(user.id);
        const ended = await sessionsRepository(tx).revokeAllOfUser(user.id, sessionId, clock());
        await auditOwnAccount(tx, actor, user, 'auth.password_changed', { other_sessions_ended: ended });
      });
      sessionCache?.forgetUser(user.id);
    },

    /**
     * Never tells whether the account exists: the caller answers the same either way. `origin` is
     * where the link goes (request.linkOrigin()): PUBLIC_URL, or the allowed host the request came to.
     */
    async requestPasswordReset(email: string, origin: string): Promise<void> {
      // Counted for unknown addresses too, so the answer and its timing say nothing about the account.
      if (!(await resetLimiter.allow(email))) return;
      // Asked by someone not signed in, about an account they name.
      const db = database.asSystem('password reset request');
      const user = await usersRepository(db).findByEmail(email);
      if (!user || !user.isActive) return;
      const { token, hash } = createOpaqueToken();
      const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
      const mail = { kind: 'password_reset' as const, to: user.email, link };
      // The mail goes to the outbox with the reset itself and is delivered by the worker: an SMTP
      // round trip never makes existing accounts answer slower than unknown ones.
      await db.transaction(async (tx) => {
        await passwordResetsRepository(tx).create(user.id, hash, new Date(Date.now() + PASSWORD_RESET_TTL_MS));
        if (mailer.configured) await outboxRepository(tx).enqueue({ tenantId: null, mail, configured: true });
      });
      // Without mail the link is only logged (logMailer); it is never stored.
      if (!mailer.configured) await mailer.deliver(mail);
    },

    async confirmPasswordReset(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      // The token is the only proof of who asks: nobody is signed in.
      const user = await database.asSystem('password reset').transaction(async (tx) => {
        const userId = await passwordResetsRepository(tx).consume(hashOpaqueToken(token));
        if (!userId) throw badRequest(INVALID_RESET_TOKEN_DETAIL);
        const user = await usersRepository(tx).findById(userId);
        if (!user || !user.isActive) throw badRequest(INVALID_RESET_TOKEN_DETAIL);
        await usersRepository(tx).update(userId, { passwordHash });
        await passwordResetsRepository(tx).invalidateAllOfUser(userId);
        // Whoever knew the old password is signed out everywhere.
        await sessionsRepository(tx).revokeAllOfUser(userId);
        return user;
      });
      sessionCache?.forgetUser(user.id);
      // A reset proves control of the mailbox; earlier failed logins no longer lock the account.
      await accountLimiter.resetAccount(user.email);
    },
  };
}
