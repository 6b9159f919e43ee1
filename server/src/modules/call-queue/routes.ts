import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  callbackListQuerySchema,
  callbackListResponseSchema,
  callCardSchema,
  callOutcomeRequestSchema,
  callOutcomeResponseSchema,
  callQueueNextRequestSchema,
  callQueueReleaseResponseSchema,
  callQueueRenewResponseSchema,
  CLAIM_LEASE_SECONDS,
  prospectIdParamsSchema,
  tenantQuerySchema,
} from '@app/shared/contracts';
import { z } from 'zod';
import { errorResponses } from '../../http/errors';
import { auditActor } from '../audit';
import { passJsonThrough, sendJsonText } from '../../http/json-text';
import type { callQueueService } from './service';

export interface CallQueueRoutesOptions {
  service: ReturnType<typeof callQueueService>;
}

const bearer = [{ bearerAuth: [] }];
const tags = ['call-queue'];

export const callQueueRoutes: FastifyPluginAsyncZod<CallQueueRoutesOptions> = async (app, { service }) => {
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/crm/call-queue/next',
    {
      // The database writes the card's JSON (repository.ts), which goes out as it is; the schema documents it.
      serializerCompiler: () => passJsonThrough,
      schema: {
        tags,
        summary: `Claim the next prospect of the filter for ${CLAIM_LEASE_SECONDS / 60} minutes (the caller's due callbacks first); 204 when none is left`,
        security: bearer,
        body: callQueueNextRequestSchema,
        response: { 200: callCardSchema, 204: z.null(), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { tenant_id, ...input } = request.body;
      const next = await service.next(request.db, request.tenant(tenant_id), input, auditActor(request));
      return next ? sendJsonText(reply, next) : reply.code(204).send(null);
    },
  );

  app.post(
    '/crm/call-queue/renew',
    {
      schema: {
        tags,
        summary: "Extend the caller's claims in the tenant while their cards are open",
        security: bearer,
        body: tenantQuerySchema,
        response: { 200: callQueueRenewResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.renew(request.db, request.tenant(request.body.tenant_id), auditActor(request)),
  );

  app.post(
    '/crm/call-queue/:prospect_id/outcome',
    {
      schema: {
        tags,
        summary: 'Record a call: the status change (call counted on the goal), a callback if asked, and the claim released, in one transaction',
        security: bearer,
        params: prospectIdParamsSchema,
        body: callOutcomeRequestSchema,
        response: { 200: callOutcomeResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => service.outcome(request.db, request.params.prospect_id, request.body, auditActor(request)),
  );

  app.post(
    '/crm/call-queue/:prospect_id/skip',
    {
      schema: {
        tags,
        summary: 'Release the claim on a prospect without a call',
        security: bearer,
        params: prospectIdParamsSchema,
        response: { 200: callQueueReleaseResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      await service.skip(request.db, request.params.prospect_id, auditActor(request));
      return { message: 'Prospect skipped.' };
    },
  );

  app.get(
    '/crm/callbacks',
    {
      schema: {
        tags,
        summary: "The caller's open callbacks, earliest first; due=today: those due before the day ends, missed ones included",
        security: bearer,
        querystring: callbackListQuerySchema,
        response: { 200: callbackListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ callbacks: await service.callbacks(request.db, request.tenant(request.query.tenant_id), request.query.due) }),
  );
};
