import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordSchema,
  EMAIL_MAX_LENGTH,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  PASSWORD_CHANGED_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  RESET_TOKEN_MAX_LENGTH,
  sessionUserSchema,
} from '@app/shared/contracts';
import { jsonBodyLimit } from '../../http/body-limits';
import { errorResponses, HttpError } from '../../http/errors';
import { Refusal } from '../../lib/refusal';
import type { RateLimitSettings } from '../../config';
import { auditActor } from '../audit';
import { clearRefreshCookie, REFRESH_COOKIE, refreshCookieOf, setRefreshCookie, type RefreshCookieOptions } from './refresh-cookie';
import type { authService } from './service';

export interface AuthRoutesOptions {
  service: ReturnType<typeof authService>;
  rateLimits: RateLimitSettings;
  /** The site is served over https: the refresh cookie is Secure on every answer. */
  httpsSite: boolean;
}

const bearer = [{ bearerAuth: [] }];
const refreshCookie = [{ refreshCookie: [] }];

function perIpLimit(limit: { max: number; windowMs: number }, detail: string) {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request: FastifyRequest) => request.ip,
    errorResponseBuilder: () => new HttpError(429, detail),
  };
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { service, rateLimits, httpsSite }) => {
  // The prefix this plugin is registered under (/api/v1): the cookie goes to its auth routes only.
  const cookie: RefreshCookieOptions = { path: `${app.prefix}/auth`, httpsSite };

  app.post(
    '/auth/login',
    {
      bodyLimit: jsonBodyLimit(EMAIL_MAX_LENGTH + PASSWORD_MAX_LENGTH),
      config: { rateLimit: perIpLimit(rateLimits.loginPerIp, 'Too many login attempts from this address. Please try again in a minute.') },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = await service.login(request.body.email, request.body.password, request.ip);
      setRefreshCookie(request, reply, cookie, signedIn.refresh.token, signedIn.refresh.expiresAt);
      return signedIn.answer;
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: `A new access token for the session of the ${REFRESH_COOKIE} cookie, which is replaced; a cookie used twice ends its session`,
        security: refreshCookie,
        response: { 200: loginResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      try {
        const signedIn = await service.refresh(refreshCookieOf(request), request.ip);
        setRefreshCookie(request, reply, cookie, signedIn.refresh.token, signedIn.refresh.expiresAt);
        return signedIn.answer;
      } catch (error) {
        // A cookie that renews nothing is dropped: the browser stops sending it.
        if (error instanceof Refusal && error.kind === 'unauthenticated') clearRefreshCookie(request, reply, cookie);
        throw error;
      }
    },
  );

  app.get(
    '/auth/me',
    {
      onRequest: app.requireUser,
      schema: { tags: ['auth'], summary: 'The signed-in user', security: bearer, response: { 200: sessionUserSchema, ...errorResponses(401) } },
    },
    async (request) => service.me(request.user!),
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'End the session of the access token used for this call, with its refresh token',
        security: bearer,
        response: { 204: z.undefined(), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await service.logout(request.db, auditActor(request), request.user!, request.sessionId!);
      clearRefreshCookie(request, reply, cookie);
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/logout-all',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'End every session of the signed-in user, this one included: all their access and refresh tokens stop working',
        security: bearer,
        response: { 204: z.undefined(), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await service.logoutEverywhere(request.db, auditActor(request), request.user!);
      clearRefreshCookie(request, reply, cookie);
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/change-password',
    {
      bodyLimit: jsonBodyLimit(2 * PASSWORD_MAX_LENGTH),
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's password (the current one required); their other sessions end, this one goes on",
        security: bearer,
        body: changePasswordSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      await service.changePassword(
        request.db,
        auditActor(request),
        request.user!,
        request.sessionId!,
        request.body.current_password,
        request.body.new_password,
      );
      return { message: PASSWORD_CHANGED_MESSAGE };
    },
  );

  app.post(
    '/auth/password-reset',
    {
      bodyLimit: jsonBodyLimit(EMAIL_MAX_LENGTH),
      config: { rateLimit: perIpLimit(rateLimits.passwordResetPerIp, 'Too many password reset requests. Please try again later.') },
      schema: {
        tags: ['auth'],
        summary: 'Mail a single-use password reset link (valid one hour)',
        body: passwordResetRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request) => {
      await service.requestPasswordReset(request.body.email, request.linkOrigin());
      return { message: PASSWORD_RESET_REQUESTED_MESSAGE };
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      bodyLimit: jsonBodyLimit(RESET_TOKEN_MAX_LENGTH + PASSWORD_MAX_LENGTH),
      config: { rateLimit: perIpLimit(rateLimits.passwordResetPerIp, 'Too many password reset attempts. Please try again later.') },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token',
        body: passwordResetConfirmSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      await service.confirmPasswordReset(request.body.token, request.body.password);
      // Every session of the user has ended; this browser's refresh cookie goes with them.
      clearRefreshCookie(request, reply, cookie);
      return { message: PASSWORD_RESET_DONE_MESSAGE };
    },
  );
};
