import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createProductSchema,
  deletedResponseSchema,
  idParamsSchema,
  productListQuerySchema,
  productListResponseSchema,
  productSchema,
  updateProductSchema,
} from '@app/shared/contracts';
import { errorResponses } from '../../http/errors';
import { auditActor } from '../audit';
import { productsService as service } from './service';

const bearer = [{ bearerAuth: [] }];
const tags = ['products'];

/** A tenant's products and services: every member reads them, those the tenant's Setup changes allow change them. */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/crm/products',
    {
      schema: {
        tags,
        summary:
          "A page of the tenant's products and services by name: active ones (status=active, the default), archived ones or all; q searches name and description; currency keeps those priced in it",
        security: bearer,
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { tenant_id, ...filters } = request.query;
      return service.list(request.db, request.tenant(tenant_id), filters);
    },
  );

  app.post(
    '/crm/products',
    {
      schema: {
        tags,
        summary: "Add a product or service, priced in the tenant's currency (403 when the tenant keeps its setup for admins)",
        security: bearer,
        body: createProductSchema,
        response: { 201: productSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { tenant_id, ...input } = request.body;
      return reply.code(201).send(await service.create(request.db, auditActor(request), request.tenant(tenant_id), input));
    },
  );

  app.put(
    '/crm/products/:id',
    {
      schema: {
        tags,
        summary:
          "Change a product (fields left out keep their value; a new price is in the tenant's currency), archive it (archived: true, no longer offered to quotations) or restore it. Quotations made from it keep their lines",
        security: bearer,
        params: idParamsSchema,
        body: updateProductSchema,
        response: { 200: productSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.update(request.db, auditActor(request), request.params.id, request.body),
  );

  app.delete(
    '/crm/products/:id',
    {
      schema: {
        tags,
        summary: 'Delete a product; quotations made from it keep their lines',
        security: bearer,
        params: idParamsSchema,
        response: { 200: deletedResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.remove(request.db, auditActor(request), request.params.id);
      return { message: 'Product deleted.' };
    },
  );
};
