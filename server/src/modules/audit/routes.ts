import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEventPageSchema, auditEventsQuerySchema } from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import { auditService as service } from './service';

/** The audit trail, for admins only (401 without a token, 403 for others). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-events',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['audit'],
        summary: 'Audit trail entries, newest first, filtered; `before` pages on',
        security: [{ bearerAuth: [] }],
        querystring: auditEventsQuerySchema,
        response: { 200: auditEventPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.page(request.db, request.query),
  );
};
