import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSavedViewSchema,
  deletedResponseSchema,
  idParamsSchema,
  savedViewListSchema,
  savedViewSchema,
  savedViewsQuerySchema,
} from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import { auditActor } from '../audit';
import { savedViewsService as service } from './service';

const bearer = [{ bearerAuth: [] }];
const tags = ['saved-views'];

export const savedViewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/crm/views',
    {
      schema: {
        tags,
        summary: "The caller's saved views and those shared by their team (an admin: every shared view of the tenant)",
        security: bearer,
        querystring: savedViewsQuerySchema,
        response: { 200: savedViewListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.db, request.tenant(request.query.tenant_id), request.query.target),
  );

  app.post(
    '/crm/views',
    {
      schema: {
        tags,
        summary: "Save a list's or the board's search, filters and sort under a name, for the caller or shared with their team",
        security: bearer,
        body: createSavedViewSchema,
        response: { 201: savedViewSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { tenant_id, ...fields } = request.body;
      return reply.code(201).send(await service.create(request.db, request.tenant(tenant_id), fields, auditActor(request)));
    },
  );

  app.delete(
    '/crm/views/:id',
    {
      schema: {
        tags,
        summary: 'Delete a saved view (its creator or an admin)',
        security: bearer,
        params: idParamsSchema,
        response: { 200: deletedResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.remove(request.db, request.params.id, auditActor(request));
      return { message: 'View deleted.' };
    },
  );
};
