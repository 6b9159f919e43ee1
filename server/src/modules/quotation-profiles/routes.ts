import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, quotationProfileSchema, updateQuotationProfileSchema } from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import { auditActor } from '../audit';
import type { quotationProfilesService } from './service';

export interface QuotationProfileRoutesOptions {
  service: ReturnType<typeof quotationProfilesService>;
}

const bearer = [{ bearerAuth: [] }];
const tags = ['tenants'];

export const quotationProfileRoutes: FastifyPluginAsyncZod<QuotationProfileRoutesOptions> = async (app, { service }) => {
  app.get(
    '/crm/tenants/:id/quotation-profile',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The sender the tenant's new quotations start from (its members); another tenant's answers 404",
        security: bearer,
        params: idParamsSchema,
        response: { 200: quotationProfileSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.get(request.db, request.params.id),
  );

  app.put(
    '/crm/tenants/:id/quotation-profile',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Replace the quotation profile (admins); the logo is a PNG or JPEG of at most 200 KB in base64, left out to keep it, null to remove it',
        security: bearer,
        params: idParamsSchema,
        body: updateQuotationProfileSchema,
        response: { 200: quotationProfileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.put(request.db, request.params.id, request.body, auditActor(request)),
  );
};
