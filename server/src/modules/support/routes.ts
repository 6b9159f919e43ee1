import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addMessageToProspectRequestSchema,
  CONTACT_LIMITS,
  CONTACT_SERVICES,
  CONTACT_SUCCESS_MESSAGE,
  contactRequestSchema,
  contactResponseSchema,
  convertMessageRequestSchema,
  idParamsSchema,
  messageDuplicatesQuerySchema,
  messageDuplicatesResponseSchema,
  prospectSchema,
  messageResponseSchema,
  supportMessageListSchema,
} from '@app/shared/contracts';
import { jsonBodyLimit } from '../../http/body-limits';
import { errorResponses } from '../../http/errors';
import { tooManyRequests } from '../../lib/refusal';
import type { Limit } from '../../config';
import type { Database } from '../../tenancy/database';
import type { supportService } from './service';
import { auditActor } from '../audit';

export interface SupportRoutesOptions {
  service: ReturnType<typeof supportService>;
  /** The server's database: the contact form has no signed-in caller, and storing its message is the system's work. */
  database: Database;
  contactPerIp: Limit;
}

export const CONTACT_RATE_LIMIT_DETAIL = 'Too many messages from this address. Please try again later.';

const bearer = [{ bearerAuth: [] }];
const tags = ['support'];

export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (app, { service, database, contactPerIp }) => {
  app.post(
    '/support/contact',
    {
      // Every field at its longest.
      bodyLimit: jsonBodyLimit(
        Object.values(CONTACT_LIMITS).reduce((sum, max) => sum + max, 0) + Math.max(...CONTACT_SERVICES.map((service) => service.length)),
      ),
      config: {
        rateLimit: {
          max: contactPerIp.max,
          timeWindow: contactPerIp.windowMs,
          keyGenerator: (request: FastifyRequest) => request.ip,
          errorResponseBuilder: () => tooManyRequests(CONTACT_RATE_LIMIT_DETAIL),
        },
      },
      // A filled honeypot is a bot: it gets the normal answer (nothing to learn) and nothing is stored.
      preValidation: async (request, reply) => {
        const website = (request.body as { website?: unknown } | undefined)?.website;
        if (typeof website === 'string' ? website.length > 0 : website !== undefined && website !== null) {
          request.log.info('contact form honeypot filled; message dropped');
          return reply.code(200).send({ message: CONTACT_SUCCESS_MESSAGE });
        }
      },
      schema: {
        tags,
        summary: 'Contact form (public): stores an unsolved customer message',
        body: contactRequestSchema,
        response: { 200: contactResponseSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request) => {
      await service.submit(database, request.body);
      return { message: CONTACT_SUCCESS_MESSAGE };
    },
  );

  app.get(
    '/support/messages',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Unsolved customer messages, newest first',
        security: bearer,
        response: { 200: supportMessageListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ messages: await service.listUnsolved(request.db) }),
  );

  app.put(
    '/support/messages/:id/solve',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Mark a customer message as solved (it leaves the list)',
        security: bearer,
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.solve(request.db, request.params.id, auditActor(request));
      return { message: 'Message marked as solved.' };
    },
  );

  app.get(
    '/support/messages/:id/duplicates',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Before 'Convert to prospect': the tenant's prospects that already have this phone1 or email",
        security: bearer,
        params: idParamsSchema,
        querystring: messageDuplicatesQuerySchema,
        response: { 200: messageDuplicatesResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { tenant_id, ...match } = request.query;
      return { duplicates: await service.duplicates(request.db, request.params.id, request.tenant(tenant_id), match) };
    },
  );

  app.post(
    '/support/messages/:id/convert',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Create a prospect of a tenant from a customer message; the message is marked solved and linked to it (409 when already converted)',
        security: bearer,
        params: idParamsSchema,
        body: convertMessageRequestSchema,
        response: { 201: prospectSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const tenantId = request.tenant(request.body.tenant_id);
      return reply.code(201).send(await service.convert(request.db, request.params.id, tenantId, request.body.fields, auditActor(request)));
    },
  );

  app.post(
    '/support/messages/:id/add-to-prospect',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          "Add a customer message to an existing prospect instead of converting it: the message becomes an entry of the prospect's history and is marked solved and linked to it (409 when already converted)",
        security: bearer,
        params: idParamsSchema,
        body: addMessageToProspectRequestSchema,
        response: { 200: prospectSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.addToProspect(request.db, request.params.id, request.body.prospect_id, auditActor(request)),
  );

  app.delete(
    '/support/messages/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Delete a customer message',
        security: bearer,
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.remove(request.db, request.params.id, auditActor(request));
      return { message: 'Message deleted.' };
    },
  );
};
