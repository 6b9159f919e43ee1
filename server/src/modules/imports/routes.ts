import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  importListQuerySchema,
  importListResponseSchema,
  refusedRowsResponseSchema,
  revertImportResponseSchema,
  warnedRowsResponseSchema,
} from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import { auditActor } from '../audit';
import type { importsService } from './service';

export interface ImportsRoutesOptions {
  service: ReturnType<typeof importsService>;
}

const bearer = [{ bearerAuth: [] }];
const tags = ['imports'];

export const importsRoutes: FastifyPluginAsyncZod<ImportsRoutesOptions> = async (app, { service }) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/crm/imports',
    {
      schema: {
        tags,
        summary: "A tenant's prospect uploads, newest first",
        security: bearer,
        querystring: importListQuerySchema,
        response: { 200: importListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.db, request.tenant(request.query.tenant_id)),
  );

  app.get(
    '/crm/imports/:id/refused-rows',
    {
      schema: {
        tags,
        summary: 'The rows an import refused, with what they held and why',
        security: bearer,
        params: idParamsSchema,
        response: { 200: refusedRowsResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.refusedRows(request.db, request.params.id),
  );

  app.get(
    '/crm/imports/:id/warnings',
    {
      schema: {
        tags,
        summary: 'The rows an import saved without some of their values, with what they held and what was left out',
        security: bearer,
        params: idParamsSchema,
        response: { 200: warnedRowsResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.warnedRows(request.db, request.params.id),
  );

  app.post(
    '/crm/imports/:id/revert',
    {
      schema: {
        tags,
        summary: 'Remove the prospects an import created that nobody has worked since (409 once reverted)',
        security: bearer,
        params: idParamsSchema,
        response: { 200: revertImportResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.revert(request.db, request.params.id, auditActor(request)),
  );
};
