import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStatsSchema, tenantQuerySchema } from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import type { dashboardService } from './service';

export interface DashboardRoutesOptions {
  service: ReturnType<typeof dashboardService>;
}

export const dashboardRoutes: FastifyPluginAsyncZod<DashboardRoutesOptions> = async (app, { service }) => {
  app.get(
    '/crm/dashboard',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['dashboard'],
        summary: "Active prospects; the caller's calls today beside their goals' target, and those of the callers they see",
        security: [{ bearerAuth: [] }],
        querystring: tenantQuerySchema,
        response: { 200: dashboardStatsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.stats(request.db, request.tenant(request.query.tenant_id)),
  );
};
