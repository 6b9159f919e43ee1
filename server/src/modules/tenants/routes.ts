import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTenantSchema, idParamsSchema, tenantListSchema, tenantSchema, updateTenantSchema } from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import { auditActor } from '../audit';
import { tenantsService as service } from './service';

const bearer = [{ bearerAuth: [] }];

export const tenantsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/crm/tenants',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['tenants'],
        summary: 'Tenants the caller may use: all for admins, else the home tenant',
        security: bearer,
        response: { 200: tenantListSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.list(request.db),
  );

  app.post(
    '/crm/tenants',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['tenants'],
        summary: 'Create a tenant (admins)',
        security: bearer,
        body: createTenantSchema,
        response: { 201: tenantSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.db, auditActor(request), request.body)),
  );

  app.put(
    '/crm/tenants/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['tenants'],
        summary: 'Change a tenant (admins)',
        security: bearer,
        params: idParamsSchema,
        body: updateTenantSchema,
        response: { 200: tenantSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.update(request.db, auditActor(request), request.params.id, request.body),
  );
};
