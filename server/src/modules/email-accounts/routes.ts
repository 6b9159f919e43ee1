import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkEmailAccountSchema,
  connectionCheckSchema,
  createEmailAccountSchema,
  emailAccountListSchema,
  emailAccountPasswordSchema,
  emailAccountSchema,
  idParamsSchema,
  updateEmailAccountSchema,
  webInterfaceUrlSchema,
} from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import { tooManyRequests } from '../../lib/refusal';
import type { Limit } from '../../config';
import { auditActor } from '../audit';
import type { emailAccountsService } from './service';

export interface EmailAccountsRoutesOptions {
  service: ReturnType<typeof emailAccountsService>;
  revealPerUser: Limit;
  /** Connection checks per user: each connects to two servers out there. */
  checkPerUser: Limit;
}

export const REVEAL_LIMIT_DETAIL = 'Too many password reveals. Please wait a minute and try again.';
export const CHECK_LIMIT_DETAIL = 'Too many connection checks in a short time. Please wait a minute and try again.';

const bearer = [{ bearerAuth: [] }];
const tags = ['email'];

export const emailAccountsRoutes: FastifyPluginAsyncZod<EmailAccountsRoutesOptions> = async (app, { service, revealPerUser, checkPerUser }) => {
  app.addHook('onRequest', app.requireUser);
  // The check connects out to two servers: a user may ask a few times a minute, never scan a network with it.
  const checkLimit = {
    rateLimit: {
      max: checkPerUser.max,
      timeWindow: checkPerUser.windowMs,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `mailbox-check:${request.user?.id ?? request.ip}`,
      errorResponseBuilder: () => tooManyRequests(CHECK_LIMIT_DETAIL),
    },
  };

  app.post(
    '/email/accounts/check',
    {
      config: checkLimit,
      schema: {
        tags,
        summary: "Try a mailbox's incoming (IMAP) and outgoing (SMTP) servers with its password, saving nothing; says what failed in a user's words",
        security: bearer,
        body: checkEmailAccountSchema,
        response: { 200: connectionCheckSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => service.check(request.db, request.body, auditActor(request)),
  );

  app.get(
    '/email/accounts',
    {
      schema: {
        tags,
        summary: "The caller's own email accounts (never their passwords)",
        security: bearer,
        response: { 200: emailAccountListSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.list(request.db),
  );

  app.post(
    '/email/accounts',
    {
      schema: {
        tags,
        summary:
          'Add an email account; the password is stored encrypted and is write-only. With check_connection, both servers are tried first and a failure saves nothing (400 saying what failed)',
        security: bearer,
        body: createEmailAccountSchema,
        response: { 201: emailAccountSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.db, request.body, auditActor(request))),
  );

  app.put(
    '/email/accounts/:id',
    {
      schema: {
        tags,
        summary: 'Change an email account; an empty or missing password keeps the stored one. With check_connection, both servers are tried first',
        security: bearer,
        params: idParamsSchema,
        body: updateEmailAccountSchema,
        response: { 200: emailAccountSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.update(request.db, request.params.id, request.body, auditActor(request)),
  );

  app.delete(
    '/email/accounts/:id',
    {
      schema: {
        tags,
        summary: 'Delete an email account',
        security: bearer,
        params: idParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(request.db, request.params.id, auditActor(request));
      return reply.code(204).send();
    },
  );

  app.get(
    '/email/accounts/:id/password',
    {
      config: {
        rateLimit: {
          max: revealPerUser.max,
          timeWindow: revealPerUser.windowMs,
          // After authentication, so the limit counts per user rather than per address.
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `email-reveal:${request.user?.id ?? request.ip}`,
          errorResponseBuilder: () => tooManyRequests(REVEAL_LIMIT_DETAIL),
        },
      },
      schema: {
        tags,
        summary: "Reveal the password of one of the caller's accounts (audited, rate-limited, not cacheable)",
        security: bearer,
        params: idParamsSchema,
        response: { 200: emailAccountPasswordSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
      return { password: await service.revealPassword(request.db, request.params.id, auditActor(request)) };
    },
  );

  app.get(
    '/email/web-interface-url/:id',
    {
      schema: {
        tags,
        summary: "The https web mail address of the account's provider",
        security: bearer,
        params: idParamsSchema,
        response: { 200: webInterfaceUrlSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ url: await service.webInterfaceUrl(request.db, request.params.id) }),
  );
};
