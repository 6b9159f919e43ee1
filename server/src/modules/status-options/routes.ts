import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createStatusOptionSchema,
  deletedResponseSchema,
  idParamsSchema,
  statusOptionListSchema,
  statusOptionSchema,
  tenantQuerySchema,
  updateStatusOptionSchema,
} from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import type { statusOptionsService } from './service';

export interface StatusOptionsRoutesOptions {
  service: ReturnType<typeof statusOptionsService>;
}

const bearer = [{ bearerAuth: [] }];
const tags = ['status-options'];

export const statusOptionsRoutes: FastifyPluginAsyncZod<StatusOptionsRoutesOptions> = async (app, { service }) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/crm/status-options',
    {
      schema: {
        tags,
        summary: "A tenant's status options, by sort_order (inactive ones included)",
        security: bearer,
        querystring: tenantQuerySchema,
        response: { 200: statusOptionListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.tenant(request.query.tenant_id)),
  );

  app.post(
    '/crm/status-options',
    {
      schema: {
        tags,
        summary: 'Create a status option',
        security: bearer,
        body: createStatusOptionSchema,
        response: { 201: statusOptionSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { tenant_id, ...fields } = request.body;
      return reply.code(201).send(await service.create(request.tenant(tenant_id), fields));
    },
  );

  app.put(
    '/crm/status-options/:id',
    {
      schema: {
        tags,
        summary: 'Change a status option (fields left out keep their value)',
        security: bearer,
        params: idParamsSchema,
        body: updateStatusOptionSchema,
        response: { 200: statusOptionSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => service.update(request.user!, request.params.id, request.body),
  );

  app.delete(
    '/crm/status-options/:id',
    {
      schema: {
        tags,
        summary: 'Delete a status option; prospects and leads with it keep no status',
        security: bearer,
        params: idParamsSchema,
        response: { 200: deletedResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await service.remove(request.user!, request.params.id);
      return { message: 'Status option deleted.' };
    },
  );
};
