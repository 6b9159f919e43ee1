import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FAILURE_MESSAGE_MAX,
  promoteReleaseSchema,
  RELEASE_FAILURE_PHASES,
  RELEASE_VERSION_MAX_LENGTH,
  releaseFailureSchema,
  releaseRemoteParamsSchema,
  releasesListSchema,
  remoteReleasesSchema,
} from '@app/shared/contracts';
import { jsonBodyLimit } from '../../http/body-limits';
import { errorResponses, HttpError } from '../../http/errors';
import type { Limit } from '../../config';
import type { Database } from '../../tenancy/database';
import { auditActor } from '../audit';
import type { releasesService } from './service';

export interface ReleasesRoutesOptions {
  service: ReturnType<typeof releasesService>;
  /** The server's database: a failure report comes from anyone, signed in or not, and is written as the system's. */
  database: Database;
  failuresPerIp: Limit;
  /** Keys the hash of a reporter's address, so the stored hash cannot be turned back into the address by trying them all. */
  reporterKey: string;
}

export const FAILURE_RATE_LIMIT_DETAIL = 'Too many failure reports from this address. Please try again later.';

const bearer = [{ bearerAuth: [] }];
const tags = ['releases'];

/** Remote releases: admins read and change them; any browser, signed in or not, reports a version that failed. */
export const releasesRoutes: FastifyPluginAsyncZod<ReleasesRoutesOptions> = async (app, { service, database, failuresPerIp, reporterKey }) => {
  /**
   * Who is reporting, so that one browser reporting again and again counts once: a signed-in user by
   * their id, anyone else by their address (hashed with a key; the address is not kept). A stale or
   * forged token makes an anonymous reporter, not an error: a failing page still reports.
   */
  const reporterOf = async (request: FastifyRequest, reply: FastifyReply): Promise<string> => {
    if (request.headers.authorization) {
      await app.requireUser(request, reply).catch(() => undefined);
      reply.removeHeader('www-authenticate');
    }
    if (request.user) return `user:${request.user.id}`;
    return `address:${crypto.createHmac('sha256', reporterKey).update(`release-failure-reporter:${request.ip}`).digest('base64url')}`;
  };

  app.get(
    '/releases',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Per remote: the live version, the canary, the fallback, the history and the versions published, with failures over 24 hours',
        security: bearer,
        response: { 200: releasesListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.list(request.db),
  );

  app.post(
    '/releases/:remote/promote',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Make a version live for everyone, or with percent and/or tenant_ids a canary beside the live one',
        security: bearer,
        params: releaseRemoteParamsSchema,
        body: promoteReleaseSchema,
        response: { 200: remoteReleasesSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.promote(request.db, auditActor(request), request.params.remote, request.body),
  );

  app.post(
    '/releases/:remote/rollback',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'End the canary, or when there is none go back to the version live before',
        security: bearer,
        params: releaseRemoteParamsSchema,
        response: { 200: remoteReleasesSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => service.rollback(request.db, auditActor(request), request.params.remote),
  );

  app.post(
    '/releases/:remote/failures',
    {
      bodyLimit: jsonBodyLimit(RELEASE_VERSION_MAX_LENGTH + Math.max(...RELEASE_FAILURE_PHASES.map((phase) => phase.length)) + FAILURE_MESSAGE_MAX),
      config: {
        rateLimit: {
          max: failuresPerIp.max,
          timeWindow: failuresPerIp.windowMs,
          keyGenerator: (request: FastifyRequest) => request.ip,
          errorResponseBuilder: () => new HttpError(429, FAILURE_RATE_LIMIT_DETAIL),
        },
      },
      schema: {
        tags,
        summary: 'Report (no sign-in) that a version of a remote failed to load, import or render in this browser',
        params: releaseRemoteParamsSchema,
        body: releaseFailureSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const reporter = await reporterOf(request, reply);
      await service.reportFailure(database, request.params.remote, request.body, reporter);
      return reply.code(204).send();
    },
  );
};
