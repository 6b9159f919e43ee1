import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerOptionListSchema, tenantQuerySchema } from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import { ownersService as service } from './service';

export const ownersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/crm/owners',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['owners'],
        summary:
          "Who may own a tenant's prospects and leads: its active users whose records the caller sees (the caller alone with own visibility, their team with team), by name (Assign to and the owner filter offer them)",
        security: [{ bearerAuth: [] }],
        querystring: tenantQuerySchema,
        response: { 200: ownerOptionListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.db, request.tenant(request.query.tenant_id)),
  );
};
