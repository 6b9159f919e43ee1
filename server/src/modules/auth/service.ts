import type { LoginResponse, SessionUser } from '@app/shared/contracts';
import type { Db } from '../../db/client';
import { badRequest, tooManyRequests, unauthorized } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { outboxRepository } from '../../mail/outbox-repository';
import { auditRepository } from '../audit';
import { usersRepository, toSessionUser, burnPasswordCheck, hashPassword, verifyPassword } from '../users';
import type { AuthUser } from './authenticate';
import { FailureLimiter } from './login-limiter';
import type { SessionCache } from './session-cache';
import { passwordResetsRepository, sessionsRepository } from './repository';
import { ACCESS_TOKEN_TTL_SECONDS, createOpaqueToken, hashOpaqueToken, signAccessToken } from './tokens';

export const INVALID_CREDENTIALS_DETAIL = 'Invalid email or password.';
export const INVALID_RESET_TOKEN_DETAIL = 'This password reset link is invalid or has expired. Please request a new one.';
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

export interface AuthServiceOptions {
  db: Db;
  secret: string;
  mailer: Mailer;
  publicUrl: string;
  accountLimiter: FailureLimiter;
  /** Verified sessions of this process; dropped here when a session or user changes. */
  sessionCache?: SessionCache;
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

export function authService(options: AuthServiceOptions) {
  const { db, secret, mailer, publicUrl, accountLimiter, sessionCache } = options;

  return {
    /** Every sign-in and failed sign-in is written to the audit trail, with the email tried (never the password). */
    async login(email: string, password: string, clientIp: string | null): Promise<LoginResponse> {
      const wait = await accountLimiter.retryAfterMs(email);
      if (wait > 0) throw tooManyRequests(`Too many failed login attempts for this account. Please try again in ${minutes(wait)}.`);

      const user = await usersRepository(db).findByEmail(email);
      const valid = user ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
      if (!user || !valid || !user.isActive) {
        await accountLimiter.recordFailure(email);
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
      await accountLimiter.reset(email);

      const now = Math.floor(Date.now() / 1000);
      const exp = now + ACCESS_TOKEN_TTL_SECONDS;
      const sessionId = await db.transaction(async (tx) => {
        const id = await sessionsRepository(tx).create(user.id, new Date(exp * 1000));
        await auditRepository(tx).record(
          { userId: user.id, email: user.email, clientIp },
          { tenantId: user.tenantId, action: 'auth.signed_in', targetType: 'user', targetId: user.id, targetName: user.email, details: { email: user.email } },
        );
        return id;
      });
      // The new session as every request will read it: groups and team with the user.
      const session = await sessionsRepository(db).findActive(sessionId, user.id);
      if (!session) throw unauthorized(INVALID_CREDENTIALS_DETAIL);
      return {
        access_token: signAccessToken({ sid: sessionId, sub: user.id, iat: now, exp }, secret),
        user: toSessionUser(session.user, session.groupNames, session.teamId),
      };
    },

    me(user: AuthUser): SessionUser {
      return toSessionUser(user, user.groups, user.teamId);
    },

    async logout(sessionId: string): Promise<void> {
      await sessionsRepository(db).revoke(sessionId);
      sessionCache?.forgetSession(sessionId);
    },

    /** Never tells whether the account exists: the caller answers the same either way. */
    async requestPasswordReset(email: string): Promise<void> {
      const user = await usersRepository(db).findByEmail(email);
      if (!user || !user.isActive) return;
      const { token, hash } = createOpaqueToken();
      const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
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
      const user = await db.transaction(async (tx) => {
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
      await accountLimiter.reset(user.email);
    },
  };
}
